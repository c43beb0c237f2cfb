import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../apps/server/src/db/client.js';
import { keepAllPlacePrices } from '../../apps/server/src/modules/billing/kept-prices.js';
import { summariseAllMarks } from '../../apps/server/src/modules/lessons/attendance-summary.js';
import { random } from '../support.js';
import { createCentre } from './centre.js';
import { CLOCK, LAST_MONTH, PHONES, SCALE, SEED, scaled, TODAY, YESTERDAY } from './config.js';
import { createLeads } from './leads.js';
import { insertLedger } from './ledger.js';
import { heldLessons, insertMarks } from './marks.js';
import { createParents } from './parents.js';
import { createSmallCompanies } from './small-companies.js';
import type { Dataset, LoadStep, Step } from './types.js';

export type { Dataset } from './types.js';

/** Tables whose row counts the report shows. */
const COUNTED = ['companies', 'users', 'groups', 'group_students', 'attendances', 'ledger_entries', 'leads'];

/**
 * The issue 7 dataset at BENCH_SCALE, deterministic from BENCH_SEED: one large company
 * (20 branches, 30,000 students in 1,500 groups, 150 teachers, 60,000 leads, two years of
 * registers — about 3 million marks — and 1,000,000 ledger entries) beside 1,000 small
 * companies; with BENCH_BILLING_100K=1 also a company of 100,000 students in groups for the
 * billing run. Every part is timed; the load ends with `vacuum analyze`, as autovacuum would
 * after a bulk load in production.
 */
export async function buildDataset(database: Database, options: { billing100k: boolean }): Promise<Dataset> {
  const { db } = database;
  const rnd = random(SEED);
  const steps: LoadStep[] = [];
  const started = performance.now();
  const step: Step = async (part, work, rows) => {
    const t = performance.now();
    const result = await work();
    const done = { part, rows: rows ? rows(result) : 0, seconds: (performance.now() - t) / 1000 };
    steps.push(done);
    console.log(
      `  ${part}: ${done.rows ? `${done.rows.toLocaleString('en')} rows, ` : ''}${done.seconds.toFixed(1)} s`,
    );
    return result;
  };

  const big = await createCentre(
    db,
    rnd,
    {
      name: 'Big Centre',
      subdomain: 'big',
      branches: 20,
      teachers: scaled(150, 20),
      groups: scaled(1_500),
      students: scaled(30_000),
      phones: { teachers: PHONES.teachers, students: PHONES.students },
    },
    step,
  );
  const boards = await step(
    'leads',
    () => createLeads(db, rnd, big.company, big.courseIds, scaled(60_000)),
    () => scaled(60_000),
  );
  // Today's lessons are left for the mark-attendance scenario to fill in.
  await step(
    'attendance marks',
    () => insertMarks(db, big.plans, big.places, YESTERDAY, rnd),
    (n) => n,
  );
  const owner = big.company.users.owner.id;
  await step(
    'ledger entries',
    () => insertLedger(db, big.places, scaled(1_000_000), new Map([[big.company.id, owner]])),
    (n) => n,
  );

  const small = await step(
    'small companies',
    () => createSmallCompanies(db, scaled(1_000)),
    (s) => s.plans.length,
  );
  await step(
    'small companies: marks',
    () => insertMarks(db, small.plans, small.places, YESTERDAY, rnd),
    (n) => n,
  );
  await step(
    'small companies: ledger',
    () => insertLedger(db, small.places, small.places.length * 2, small.authorOf),
    (n) => n,
  );

  let billingCompanyId: number | null = null;
  if (options.billing100k) {
    const billing = await createCentre(
      db,
      rnd,
      {
        name: 'Billing Centre',
        subdomain: 'billing',
        branches: 10,
        teachers: 10,
        groups: scaled(5_000),
        students: scaled(100_000),
        phones: { teachers: PHONES.billing, students: PHONES.billing + 1_000 },
        // BENCH_MODE=by_day bills it lesson by lesson (spec §9 payment modes).
        paymentMode: process.env.BENCH_MODE,
      },
      (part, work, rows) => step(`billing company: ${part}`, work, rows),
    );
    billingCompanyId = billing.company.id;
  }
  const parents = await step(
    'parents',
    () => createParents(db, big.company.id, big.places, big.company.users.parent.id),
    (p) => p.accounts,
  );
  // Every company's marks at once, in one statement (the app keeps it mark by mark; decision 0027).
  await step('attendance summary', () => summariseAllMarks(db));
  // The big company's places priced as its daily run of today leaves them (decision 0029).
  await step(
    'kept place prices',
    () => keepAllPlacePrices(db, big.company.id, CLOCK),
    (n) => n,
  );
  // As the owner (the application role may not): planner statistics and the visibility map.
  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));

  const todayGroups = new Set(big.plans.filter((p) => heldLessons(p, TODAY, TODAY).length > 0).map((p) => p.id));
  const rows: Record<string, number> = {};
  for (const table of COUNTED) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    rows[table] = row?.n ?? 0;
  }
  const { users } = big.company;
  return {
    seed: SEED,
    scale: SCALE,
    today: TODAY,
    clock: CLOCK,
    lastMonth: LAST_MONTH,
    company: { id: big.company.id, subdomain: big.company.subdomain, ownerId: owner },
    phones: {
      admin: users.admin.phone,
      cashier: users.cashier.phone,
      marketer: users.marketer.phone,
      ceo: users.ceo.phone,
      parent: users.parent.phone,
    },
    parent: { id: big.company.users.parent.id, childIds: parents.childIds },
    teacherPhones: big.teacherIds.map((_, i) => String(PHONES.teachers + i)),
    branchIds: big.company.branchIds,
    courseIds: big.courseIds,
    groups: big.plans,
    places: big.places,
    todayPlaces: big.places.filter((p) => todayGroups.has(p.groupId) && p.joined <= TODAY),
    boards,
    billingCompanyId,
    rows,
    steps,
    loadSeconds: (performance.now() - started) / 1000,
  };
}
