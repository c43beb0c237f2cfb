import { sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { selectRows, type Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { invalidField } from '../users/service.js';

/** A company's short list of names that leads point at (lead sources, deletion reasons). */
export interface LeadCatalogue {
  table: AnyPgTable;
  id: AnyPgColumn;
  companyId: AnyPgColumn;
  /** The text that must be unique in the company ignoring case, and its name in the API. */
  text: AnyPgColumn;
  field: string;
  /** The column of `leads` that points at an entry. */
  usedBy: AnyPgColumn;
}

/**
 * "Instagram" and "instagram" would be one source to a reader: the table's unique index on the
 * lowered text is the last line, this the refusal a person reads (400 naming the field, rule unique).
 */
export async function assertTextFree(
  tx: Tx,
  catalogue: LeadCatalogue,
  companyId: number,
  text: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await selectRows<{ id: number }>(
    tx,
    sql`select ${catalogue.id}::int as id from ${catalogue.table}
      where ${catalogue.companyId} = ${companyId} and lower(${catalogue.text}) = lower(${text})
      ${exceptId === undefined ? sql`` : sql`and ${catalogue.id} <> ${exceptId}`}
      limit 1`,
  );
  if (taken) throw invalidField(catalogue.field, 'unique', `${catalogue.field}: already exists`);
}

/**
 * Whether any lead — on the board, archived or converted — points at the entry. Such an entry is
 * deactivated rather than deleted, so old leads keep their wording.
 */
export async function isUsedByLeads(tx: Tx, catalogue: LeadCatalogue, companyId: number, id: number) {
  const [used] = await selectRows<{ id: number }>(
    tx,
    sql`select ${leads.id}::int as id from ${leads}
      where ${leads.companyId} = ${companyId} and ${catalogue.usedBy} = ${id} limit 1`,
  );
  return used !== undefined;
}
