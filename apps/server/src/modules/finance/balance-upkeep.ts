import { sql } from 'drizzle-orm';
import { pgArray, type Queryable, type Tx } from '../../db/client.js';

/**
 * The balances kept beside the ledger (docs/decisions/0017): `student_balances` per student and `place_balances` per
 * student and group, each the sum of its entries' amounts. The ledger's writers (finance/ledger.ts bookEntry, the
 * billing engine's billing/ledger-writer.ts) add what they book here, in the same transaction as the entries —
 * until issue 23 statement-level triggers did, which Citus does not run on distributed tables (docs/operations.md
 * "Toward Citus"). Nothing else writes these tables.
 */

/** What a new ledger row adds: its amount, to its student (if any) and its group (if any). */
export interface BookedMovement {
  companyId: number;
  studentId: number | null;
  groupId: number | null;
  amount: number;
}

/**
 * Adds the booked movements to the student and place balances, through the database's `add_to_balances` (migration
 * 0032): the application's role may not write a balance itself, only add what it books.
 */
export async function addToBalances(tx: Tx, movements: readonly BookedMovement[]): Promise<void> {
  const byCompany = new Map<number, BookedMovement[]>();
  for (const movement of movements) {
    if (movement.studentId === null) continue;
    const list = byCompany.get(movement.companyId) ?? [];
    list.push(movement);
    byCompany.set(movement.companyId, list);
  }
  for (const [companyId, list] of byCompany) {
    const column = (pick: (m: BookedMovement) => number | null) => `{${list.map((m) => pick(m) ?? 'NULL').join(',')}}`;
    await tx.execute(sql`select add_to_balances(${companyId}, ${column((m) => m.studentId)}::bigint[],
      ${column((m) => m.groupId)}::bigint[], ${column((m) => m.amount)}::bigint[])`);
  }
}

/**
 * Sets every balance of the given companies (all when absent) to the sum of its entries: for a ledger written in
 * bulk outside the writers (the benchmark's dataset), and an operator's repair. Runs as the owner connection.
 */
export async function rebuildBalances(db: Queryable, companyIds?: readonly number[]): Promise<void> {
  const only = companyIds ? sql`and company_id = any(${pgArray(companyIds)}::bigint[])` : sql``;
  await db.execute(sql`insert into student_balances as b (company_id, student_id, balance)
    select company_id, student_id, sum(amount) from ledger_entries where student_id is not null ${only}
    group by company_id, student_id
    on conflict (company_id, student_id) do update set balance = excluded.balance`);
  await db.execute(sql`insert into place_balances as b (company_id, student_id, group_id, balance)
    select company_id, student_id, group_id, sum(amount) from ledger_entries
    where student_id is not null and group_id is not null ${only}
    group by company_id, student_id, group_id
    on conflict (company_id, student_id, group_id) do update set balance = excluded.balance`);
}
