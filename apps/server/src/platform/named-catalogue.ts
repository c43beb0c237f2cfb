import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import type { Actor } from './actor.js';
import { notFound } from './errors.js';
import { type HistoryRecord, recordHistory } from './history.js';

/**
 * A company's short list of named things that other records point at and that can be switched off:
 * archive reasons, expense types, lead sources and deletion reasons. One in use is deactivated rather
 * than deleted, so the records and the history that name it keep its wording. Each write records one
 * history event in the caller's transaction: `{ action: created | updated | deactivated | deleted, … }`.
 */

/** Where a row keeps its name: a lead reason's `title`, everyone else's `name` (the API says the same). */
export type NameKey = 'name' | 'title';

export type NamedRow<K extends NameKey> = { id: number; active: boolean } & Record<K, string>;
export type NamedInput<K extends NameKey> = Record<K, string> & { active: boolean };

type CatalogueTable<K extends NameKey> = PgTable & Record<'companyId' | 'id' | 'active' | K, AnyPgColumn>;

export interface NamedCatalogueSpec<K extends NameKey, Row extends NamedRow<K>> {
  table: CatalogueTable<K>;
  nameKey: K;
  /** What a row answers (the list, and the row locked before a write); a usage count may be among them. */
  columns: Record<string, AnyPgColumn | SQL>;
  history: Pick<HistoryRecord, 'event' | 'entity'>;
  /** Refuses a name another row of the company has (400 `unique` on the name), where the catalogue does. */
  assertNameFree?: (tx: Tx, actor: Actor, name: string, exceptId?: number) => Promise<void>;
  /** Whether records point at the row: then deleting it deactivates it instead. */
  inUse: (tx: Tx, actor: Actor, row: Row) => boolean | Promise<boolean>;
  /** What the history says of a row before and after a change (default: its name and whether it is active). */
  historyView?: (row: Row) => Record<string, unknown>;
  /** More for the history of a deletion (how much used the row). */
  deletionNote?: (row: Row) => Record<string, unknown>;
}

export function namedCatalogue<K extends NameKey, Row extends NamedRow<K>>(spec: NamedCatalogueSpec<K, Row>) {
  const { table, nameKey, columns } = spec;
  const ofCompany = (actor: Actor, id: number) => and(eq(table.companyId, actor.companyId), eq(table.id, id));
  const historyView = spec.historyView ?? ((row: Row) => ({ [nameKey]: row[nameKey], active: row.active }));
  const changed = (tx: Tx, actor: Actor, id: number, data: Record<string, unknown>) =>
    recordHistory(tx, actor, { ...spec.history, entityId: id, data });
  // The table is only known to have these columns: drizzle types its rows and writes by a concrete table.
  const select = (tx: Tx) => tx.select(columns as Record<string, AnyPgColumn>).from(table as PgTable);

  /** The row of the caller's company, locked for the write; 404 for another company's or none. */
  async function lock(tx: Tx, actor: Actor, id: number): Promise<Row> {
    const [row] = await select(tx).where(ofCompany(actor, id)).for('update');
    if (!row) throw notFound();
    return row as unknown as Row;
  }

  return {
    lock,

    /** Active ones first, then by name; `active` narrows to one kind. */
    async list(tx: Tx, actor: Actor, active?: boolean): Promise<Row[]> {
      const filters: SQL[] = [eq(table.companyId, actor.companyId)];
      if (active !== undefined) filters.push(eq(table.active, active));
      const rows = await select(tx)
        .where(and(...filters))
        .orderBy(desc(table.active), asc(table[nameKey]), asc(table.id));
      return rows as unknown as Row[];
    },

    /** Adds a row (with `extra` columns, e.g. who made it) and answers its id. */
    async create(tx: Tx, actor: Actor, input: NamedInput<K>, extra: Record<string, unknown> = {}): Promise<number> {
      const name = input[nameKey];
      await spec.assertNameFree?.(tx, actor, name);
      const [row] = await tx
        .insert(table)
        .values({ companyId: actor.companyId, [nameKey]: name, active: input.active, ...extra } as never)
        .returning({ id: table.id });
      if (!row) throw new Error(`${spec.history.entity} insert returned no row`);
      const id = row.id as number;
      await changed(tx, actor, id, { action: 'created', [nameKey]: name, active: input.active });
      return id;
    },

    /** Renames, deactivates or reactivates; answers the row as it is now. */
    async update(tx: Tx, actor: Actor, id: number, input: NamedInput<K>): Promise<Row> {
      const before = await lock(tx, actor, id);
      const name = input[nameKey];
      await spec.assertNameFree?.(tx, actor, name, id);
      await tx
        .update(table)
        .set({ [nameKey]: name, active: input.active } as never)
        .where(ofCompany(actor, id));
      const after = { ...before, [nameKey]: name, active: input.active };
      await changed(tx, actor, id, { action: 'updated', before: historyView(before), after: historyView(after) });
      return after;
    },

    /** Deletes the row, or deactivates it when records point at it; answers which. */
    async remove(tx: Tx, actor: Actor, id: number): Promise<{ deactivated: boolean }> {
      const row = await lock(tx, actor, id);
      const deactivated = await spec.inUse(tx, actor, row);
      if (deactivated)
        await tx
          .update(table)
          .set({ active: false } as never)
          .where(ofCompany(actor, id));
      else await tx.delete(table).where(ofCompany(actor, id));
      await changed(tx, actor, id, {
        action: deactivated ? 'deactivated' : 'deleted',
        [nameKey]: row[nameKey],
        ...spec.deletionNote?.(row),
      });
      return { deactivated };
    },
  };
}
