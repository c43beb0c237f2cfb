import type { LeadConversion } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { leads } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createLeadSourceRow, type LeadSpec } from '../../seed/leads-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { bookEntry, findEntry, reverseEntry } from '../finance/ledger.js';
import { createLeadsWorld, type LeadsWorld, nextLeadPhone } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsWorld;

const PERIOD = 'from=2026-03-01&to=2026-03-07';
const at = (iso: string) => new Date(iso);

interface Fixture extends Omit<Partial<LeadSpec>, 'setAt'> {
  setAt?: string;
  archived?: boolean;
  /** The lead became this student; 'paid' books a payment, 'cancelled' a payment and its reversal. */
  student?: 'paid' | 'cancelled' | 'charged';
}

/** A lead as the board would have left it: created, maybe set, archived or converted (and paid). */
async function fixture(name: string, created: string, spec: Fixture = {}) {
  const { setAt, archived, student, ...lead } = spec;
  const made = await w.lead({ name, createdAt: at(created), ...lead });
  let studentId: number | null = null;
  if (student) {
    studentId = await createStudent(database.db, w.company.id, {
      name,
      phone: nextLeadPhone(),
      branchIds: [w.main],
    });
    await inCompany(database.db, w.company.id, async (tx) => {
      const actor = { id: w.company.users.cashier.id, companyId: w.company.id };
      const entry = {
        amount: 100_000,
        date: '2026-03-10',
        branchId: w.main,
        studentId,
        method: 'cash' as const,
      };
      if (student === 'charged') return bookEntry(tx, actor, { ...entry, kind: 'charge', amount: -100_000 });
      const id = await bookEntry(tx, actor, { ...entry, kind: 'payment' });
      if (student === 'cancelled')
        await reverseEntry(tx, actor, await findEntry(tx, w.company.id, id), 'typo', '2026-03-10');
    });
  }
  await inCompany(database.db, w.company.id, (tx) =>
    tx
      .update(leads)
      .set({
        setAt: setAt ? at(setAt) : null,
        archivedAt: archived ? at('2026-03-05T10:00:00Z') : null,
        studentId,
      })
      .where(and(eq(leads.companyId, w.company.id), eq(leads.id, made.id))),
  );
}

/**
 * The company is in Uzbekistan (Asia/Tashkent, UTC+5): 19:30 UTC is 00:30 of the next Tashkent day,
 * which is where the period's edges are tested.
 */
beforeAll(async () => {
  w = await createLeadsWorld(app, database.db);
  const instagram = await createLeadSourceRow(database.db, w.company.id, 'Instagram');
  const friend = await createLeadSourceRow(database.db, w.company.id, 'Friend');
  await fixture('A incoming', '2026-03-01T05:00:00Z', { sourceId: instagram });
  await fixture('B waiting', '2026-03-01T06:00:00Z', { sourceId: instagram, column: 'waiting' });
  await fixture('C set', '2026-03-02T06:00:00Z', { sourceId: friend, column: 'set', setAt: '2026-03-03T07:00:00Z' });
  await fixture('D paid', '2026-03-02T07:00:00Z', {
    sourceId: friend,
    column: 'set',
    setAt: '2026-03-03T08:00:00Z',
    student: 'paid',
  });
  await fixture('E cancelled', '2026-03-03T07:00:00Z', {
    column: 'set',
    setAt: '2026-03-04T19:30:00Z',
    student: 'cancelled',
  });
  await fixture('F archived', '2026-03-04T10:00:00Z', { sourceId: instagram, archived: true });
  await fixture('G Tashkent 1 March', '2026-02-28T19:30:00Z', { sourceId: friend });
  await fixture('H before, set inside', '2026-02-28T18:30:00Z', { column: 'set', setAt: '2026-03-01T05:00:00Z' });
  await fixture('I Tashkent 8 March', '2026-03-07T19:30:00Z', { sourceId: friend });
  await fixture('J other branch', '2026-03-02T05:00:00Z', {
    branchId: w.north,
    column: 'set',
    setAt: '2026-03-02T06:00:00Z',
  });
  await fixture('K charged only', '2026-03-06T05:00:00Z', {
    column: 'set',
    setAt: '2026-03-06T06:00:00Z',
    student: 'charged',
  });
});

const report = (token: string, query = `branch_id=${w.main}&${PERIOD}`) => w.api(token, 'GET', `/leadReport/?${query}`);

describe('lead statistics', () => {
  it('counts conversions per company day, leads per source and the funnel of the period exactly', async () => {
    const res = await report(w.tokens.admin);
    expect(res.status).toBe(200);
    const body = res.body as LeadConversion;
    expect(body.lead_conversion).toEqual([
      { conversion_date: '2026-03-01', lead_count: 1 },
      { conversion_date: '2026-03-02', lead_count: 0 },
      { conversion_date: '2026-03-03', lead_count: 2 },
      { conversion_date: '2026-03-04', lead_count: 0 },
      { conversion_date: '2026-03-05', lead_count: 1 },
      { conversion_date: '2026-03-06', lead_count: 1 },
      { conversion_date: '2026-03-07', lead_count: 0 },
    ]);
    expect(body.lead_conversion_for_source).toEqual([
      { source: 'Friend', leads_count: 3 },
      { source: 'Instagram', leads_count: 3 },
      { source: '', leads_count: 2 },
    ]);
    // A B C D E F G K; waiting or set: B C D E K; trial: D E K; paid: D (E's payment was cancelled, K was only charged).
    expect(body.funnel).toEqual({ leads: 8, waiting_or_set: 5, trial: 3, paid: 1 });
  });

  it('shows the other branch its own leads only', async () => {
    const body = (await report(w.tokens.admin, `branch_id=${w.north}&${PERIOD}`)).body as LeadConversion;
    expect(body.funnel).toEqual({ leads: 1, waiting_or_set: 1, trial: 0, paid: 0 });
    expect(body.lead_conversion.find((d) => d.conversion_date === '2026-03-02')?.lead_count).toBe(1);
  });

  it('answers an empty period with zero days, no sources and an empty funnel', async () => {
    const body = (await report(w.tokens.admin, `branch_id=${w.main}&from=2025-01-01&to=2025-01-02`))
      .body as LeadConversion;
    expect(body).toEqual({
      lead_conversion: [
        { conversion_date: '2025-01-01', lead_count: 0 },
        { conversion_date: '2025-01-02', lead_count: 0 },
      ],
      lead_conversion_for_source: [],
      funnel: { leads: 0, waiting_or_set: 0, trial: 0, paid: 0 },
    });
  });

  it('is open to the marketer and the admin set, closed to the teacher', async () => {
    expect((await report(w.tokens.marketer)).status).toBe(200);
    expect((await report(w.tokens.owner)).status).toBe(200);
    expect((await report(w.tokens.teacher)).status).toBe(403);
  });

  it('refuses a branch of another company', async () => {
    const other = await createLeadsWorld(app, database.db);
    const res = await report(w.tokens.admin, `branch_id=${other.main}&${PERIOD}`);
    expect([res.status, res.body.error.code]).toEqual([403, 'branch_forbidden']);
  });

  it('refuses a period that ends before it starts, is too long, or is missing', async () => {
    const backwards = await report(w.tokens.admin, `branch_id=${w.main}&from=2026-03-07&to=2026-03-01`);
    expect([backwards.status, backwards.body.error.details[0].field]).toEqual([400, 'to']);
    const long = await report(w.tokens.admin, `branch_id=${w.main}&from=2024-01-01&to=2026-03-01`);
    expect([long.status, long.body.error.details[0].rule]).toEqual([400, 'too_big']);
    const missing = await report(w.tokens.admin, `branch_id=${w.main}&from=2026-03-01`);
    expect([missing.status, missing.body.error.code]).toEqual([400, 'validation_failed']);
  });
});
