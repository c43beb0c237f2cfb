import { sql } from 'drizzle-orm';
import { type Db, pgArray, selectRows } from '../../apps/server/src/db/client.js';
import { rebuildBalances } from '../../apps/server/src/modules/finance/balance-upkeep.js';
import { TODAY } from './config.js';
import type { Place } from './types.js';

/**
 * `count` ledger entries over the given places, built in the database by one
 * INSERT … SELECT over generate_series (the bulk path): 70 % charges (on the place's
 * group), 26 % payments (cash, card, transfer, Payme, Click; half of them for the group),
 * 2 % refunds, 2 % write-offs, each dated between the student's joining day and today;
 * then about one payment in a hundred is cancelled by a reversal pointing back at it.
 * Payments are the larger amounts, so some students are ahead and many are behind, as in
 * a real centre. Written by the owner connection (many companies at once). Returns the
 * number of entries written.
 */
export async function insertLedger(
  db: Db,
  places: readonly Place[],
  count: number,
  authorOf: ReadonlyMap<number, number>,
): Promise<number> {
  if (!places.length || count < 1) return 0;
  const column = <T extends number | string>(of: (p: Place) => T) => pgArray(places.map(of));
  await db.execute(sql`
    insert into ledger_entries (company_id, branch_id, kind, amount, entry_date, student_id, group_id, method, cause,
      author_id)
    select p.company_id, p.branch_id, k.kind,
      case when k.kind = 'payment' then (5 + h.h / 250 % 40) * 25000 else -(50000 + (h.h / 250 % 40) * 10000) end,
      p.joined + (h.h / 10000 % (${TODAY}::date - p.joined + 1))::int,
      p.student_id,
      case when k.kind = 'charge' or (k.kind = 'payment' and h.h / 7 % 2 = 0) then p.group_id end,
      case when k.kind in ('payment', 'refund')
        then (array['cash','card','transfer','payme','click'])[(1 + h.h / 50 % 5)::int] end,
      k.kind,
      p.author_id
    from generate_series(0::bigint, ${count - 1}) n
      join unnest(${column((p) => p.companyId)}::bigint[], ${column((p) => p.branchId)}::bigint[],
        ${column((p) => p.studentId)}::bigint[], ${column((p) => p.groupId)}::bigint[], ${column((p) => p.joined)}::date[],
        ${column((p) => authorOf.get(p.companyId) ?? 0)}::bigint[])
        with ordinality as p(company_id, branch_id, student_id, group_id, joined, author_id, i)
        on p.i = 1 + n % ${places.length},
      -- Entry n's own dice (multiplicative hashing modulo a prime): its kind, method, amount and day must
      -- not repeat with n mod the number of places, or every student would get one kind of entry only.
      lateral (select n * 2654435761 % 4294967291 as h) h,
      lateral (select case when h.h % 50 < 35 then 'charge' when h.h % 50 < 48 then 'payment'
        when h.h % 50 = 48 then 'refund' else 'write_off' end as kind) k`);
  const companies = pgArray([...new Set(places.map((p) => p.companyId))]);
  await db.execute(sql`
    insert into ledger_entries (company_id, branch_id, kind, amount, entry_date, student_id, group_id, method, cause,
      reverses_id, reason, author_id)
    select company_id, branch_id, kind, -amount, entry_date, student_id, group_id, method, 'payment_cancel', id,
      'bench', author_id
    from ledger_entries
    where company_id = any(${companies}::bigint[]) and kind = 'payment' and reverses_id is null and id % 97 = 0`);
  // Written in bulk past the ledger's writers, so the balances beside it are set from the entries in one go.
  await rebuildBalances(db, [...new Set(places.map((p) => p.companyId))]);
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries where company_id = any(${companies}::bigint[])`,
  );
  return row?.n ?? 0;
}
