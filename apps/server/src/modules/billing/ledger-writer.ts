import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import type { ledgerEntries } from '../../db/schema/index.js';
import { addToBalances } from '../finance/balance-upkeep.js';
import type { BookedCharge, ReversalCause } from './reconcile.js';

/**
 * The billing engine's writes to the ledger. Like finance/ledger.ts bookEntry and
 * reverseEntry, but many rows per statement and `on conflict do nothing`: the ledger's
 * unique natural key (a unit's charge) and unique reverses_id (an entry is reversed
 * once) make a repeated or concurrent run book nothing twice, where a plain insert
 * would fail the whole batch. Author null: the daily run is nobody's action.
 */

/** Rows per statement: each column travels as one array parameter, so only memory bounds it. */
const CHUNK = 5_000;

export interface NewCharge {
  groupId: number;
  studentId: number;
  branchId: number;
  amount: number;
  date: string;
  naturalKey: string;
  comment: string;
}

export interface Written {
  count: number;
  /** Sum of the absolute amounts written. */
  amount: number;
}

type Row = typeof ledgerEntries.$inferInsert;

/** A PostgreSQL array literal of text (quoted, so any text is safe) or of numbers, nulls kept. */
function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  const items = values.map((v) =>
    v === null || v === undefined
      ? 'NULL'
      : typeof v === 'number'
        ? String(v)
        : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

/**
 * One insert of many entries through unnest(): a column is one array parameter, which
 * PostgreSQL parses far faster than thousands of single parameters.
 */
async function insertEntries(tx: Tx, rows: readonly Row[]): Promise<Written> {
  const written: Written = { count: 0, amount: 0 };
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const column = (pick: (row: Row) => string | number | null | undefined) => arrayLiteral(part.map(pick));
    const inserted = await selectRows<{
      company_id: string | number;
      student_id: string | number | null;
      group_id: string | number | null;
      amount: string | number;
    }>(
      tx,
      sql`insert into ledger_entries (company_id, branch_id, kind, amount, entry_date, student_id, group_id,
          comment, cause, cause_id, natural_key, reverses_id, reason, author_id)
        select * from unnest(${column((r) => r.companyId)}::bigint[], ${column((r) => r.branchId)}::bigint[],
          ${column((r) => r.kind)}::text[], ${column((r) => r.amount)}::bigint[], ${column((r) => r.entryDate)}::date[],
          ${column((r) => r.studentId)}::bigint[], ${column((r) => r.groupId)}::bigint[], ${column((r) => r.comment)}::text[],
          ${column((r) => r.cause)}::text[], ${column((r) => r.causeId)}::bigint[], ${column((r) => r.naturalKey)}::text[],
          ${column((r) => r.reversesId)}::bigint[], ${column((r) => r.reason)}::text[], ${column((r) => r.authorId)}::bigint[])
        on conflict do nothing
        returning company_id, student_id, group_id, amount`,
    );
    // Only the rows actually written (not those a repeated run skipped) move the balances.
    await addToBalances(
      tx,
      inserted.map((row) => ({
        companyId: Number(row.company_id),
        studentId: row.student_id === null ? null : Number(row.student_id),
        groupId: row.group_id === null ? null : Number(row.group_id),
        amount: Number(row.amount),
      })),
    );
    written.count += inserted.length;
    for (const row of inserted) written.amount += Math.abs(Number(row.amount));
  }
  return written;
}

/** Books charges (negative amounts, kind charge, cause billing); one already booked under its key is skipped. */
export function insertCharges(
  tx: Tx,
  companyId: number,
  authorId: number | null,
  charges: readonly NewCharge[],
): Promise<Written> {
  return insertEntries(
    tx,
    charges.map((c) => ({
      companyId,
      branchId: c.branchId,
      kind: 'charge',
      amount: -c.amount,
      entryDate: c.date,
      studentId: c.studentId,
      groupId: c.groupId,
      comment: c.comment,
      cause: 'billing',
      naturalKey: c.naturalKey,
      authorId,
    })),
  );
}

export interface ChargeReversal {
  charge: BookedCharge;
  groupId: number;
  studentId: number;
  reason: string;
}

/**
 * Reverses charges: the same movement with the opposite amount, pointing at the charge,
 * with a reason, dated like the charge so the recalculated period shows its net amount.
 * `cause` tells a recalculation (billing) from a person's waiver.
 */
export function insertReversals(
  tx: Tx,
  companyId: number,
  authorId: number | null,
  cause: ReversalCause,
  reversals: readonly ChargeReversal[],
): Promise<Written> {
  return insertEntries(
    tx,
    reversals.map((r) => ({
      companyId,
      branchId: r.charge.branchId,
      kind: 'charge',
      amount: -r.charge.amount,
      entryDate: r.charge.entryDate,
      studentId: r.studentId,
      groupId: r.groupId,
      cause,
      causeId: r.charge.id,
      reversesId: r.charge.id,
      reason: r.reason,
      authorId,
    })),
  );
}
