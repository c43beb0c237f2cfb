import { localDate } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createLeadReasonRow, createLeadSourceRow, insertLeads, type LeadSpec } from '../../seed/leads-factories.js';
import { createRemainingReportsWorld, queryOf, type RemainingReportsWorld } from './remaining-reports-test-world.js';

const { app, database } = await openTestApp();
let w: RemainingReportsWorld;
let phone = 931_000_000;
const HOUR = 3_600_000;
/** The leads of the period arrived five hours before the staff touched them (the events are written now). */
const arrived = () => new Date(Date.now() - 5 * HOUR);
// The period: from two days ago to tomorrow, wide enough for any time zone.
const period = {
  from: localDate(new Date(Date.now() - 2 * 24 * HOUR)),
  till: localDate(new Date(Date.now() + 24 * HOUR)),
};

/**
 * Ten leads of Main in the period:
 *
 * | lead | source    | what the staff did                                      | reached by |
 * |------|-----------|---------------------------------------------------------|------------|
 * | I1   | Instagram | admin moves it incoming → waiting                       | admin      |
 * | I2   | Instagram | admin moves it incoming → set                           | admin      |
 * | I3   | Instagram | marketer edits it                                       | marketer   |
 * | I4   | Instagram | nothing                                                 | —          |
 * | I5   | Instagram | archived in incoming (archiving is no reach)            | —          |
 * | T1   | Telegram  | marketer moves it out of incoming, then admin to set    | marketer   |
 * | T2   | Telegram  | admin edits it, then marketer moves it out of incoming  | admin      |
 * | T3   | Telegram  | nothing                                                 | —          |
 * | T4   | Telegram  | nothing                                                 | —          |
 * | N1   | none      | imported straight into "waiting", no event              | nobody on record |
 *
 * Noise that must never count: a lead of North reached by the admin, a Main lead of 40 days ago moved by the
 * admin, and the other company's lead moved by its owner.
 */
beforeAll(async () => {
  const db = database.db;
  w = await createRemainingReportsWorld(app, db, 'reach');
  const c = w.company.id;
  const instagram = await createLeadSourceRow(db, c, 'Instagram');
  const telegram = await createLeadSourceRow(db, c, 'Telegram');
  const lead = async (name: string, spec: Partial<LeadSpec> = {}) => {
    const [made] = await insertLeads(db, c, [
      { branchId: w.main, name, phone: String(phone++), createdAt: arrived(), ...spec },
    ]);
    return made as { id: number; uuid: string };
  };
  const move = (token: string, branchId: number, uuid: string, column: string) =>
    w.write(token, 'POST', `/lead-increment/?branch_id=${branchId}`, {
      action: 'update',
      type: 'lead',
      uuid,
      data: {},
      location: { column, section: null },
    });
  const edit = (token: string, id: number, name: string) => w.write(token, 'PUT', `/leadData/${id}`, { name });
  const { admin, marketer } = w.tokens;

  const i1 = await lead('I1', { sourceId: instagram });
  const i2 = await lead('I2', { sourceId: instagram });
  const i3 = await lead('I3', { sourceId: instagram });
  await lead('I4', { sourceId: instagram });
  await lead('I5', { sourceId: instagram, archiveReasonId: await createLeadReasonRow(db, c, 'No answer') });
  const t1 = await lead('T1', { sourceId: telegram });
  const t2 = await lead('T2', { sourceId: telegram });
  await lead('T3', { sourceId: telegram });
  await lead('T4', { sourceId: telegram });
  await lead('N1', { column: 'waiting' });

  await move(admin, w.main, i1.uuid, 'waiting');
  await move(admin, w.main, i2.uuid, 'set');
  await edit(marketer, i3.id, 'I3 (called)');
  await move(marketer, w.main, t1.uuid, 'waiting');
  await move(admin, w.main, t1.uuid, 'set');
  await edit(admin, t2.id, 'T2 (called)');
  await move(marketer, w.main, t2.uuid, 'waiting');

  const northLead = await lead('North', { branchId: w.north, sourceId: instagram });
  await move(admin, w.north, northLead.uuid, 'waiting');
  const old = await lead('Old', { sourceId: instagram, createdAt: new Date(Date.now() - 40 * 24 * HOUR) });
  await move(admin, w.main, old.uuid, 'waiting');
  const [foreign] = await insertLeads(db, w.other.id, [
    { branchId: w.otherBranch, name: 'Foreign', phone: String(phone++), createdAt: arrived(), sourceId: null },
  ]);
  await w.write(w.tokens.otherOwner, 'POST', `/lead-increment/?branch_id=${w.otherBranch}`, {
    action: 'update',
    type: 'lead',
    uuid: foreign?.uuid,
    data: {},
    location: { column: 'waiting', section: null },
  });
});

const reach = (query: Record<string, string | number | undefined> = {}, token = w.tokens.admin) =>
  w.api(token, 'GET', `/reports/reachability${queryOf({ branch_id: w.main, ...period, ...query })}`);

describe('GET /reports/reachability', () => {
  it('counts the leads of the period and those reached, by source and by the staff member who reached them first', async () => {
    const res = await reach();
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ leads: 10, reached: 6, percent: 60 });
    expect(res.body.by_source).toEqual([
      { source: { id: expect.any(Number), name: 'Instagram' }, leads: 5, reached: 3, percent: 60 },
      { source: { id: expect.any(Number), name: 'Telegram' }, leads: 4, reached: 2, percent: 50 },
      { source: null, leads: 1, reached: 1, percent: 100 },
    ]);
    expect(res.body.by_staff).toEqual([
      { staff: { id: w.company.users.admin.id, name: expect.any(String) }, reached: 3, average_hours: 5 },
      { staff: { id: w.company.users.marketer.id, name: expect.any(String) }, reached: 2, average_hours: 5 },
      { staff: null, reached: 1, average_hours: null },
    ]);
    expect(res.body.counted).toEqual(['called', 'moved', 'converted', 'edited']);
  });

  it('answers each branch for its own leads, and the other company for its own only', async () => {
    const north = await reach({ branch_id: w.north });
    expect(north.body.totals).toEqual({ leads: 1, reached: 1, percent: 100 });
    expect(north.body.by_staff).toEqual([
      { staff: { id: w.company.users.admin.id, name: expect.any(String) }, reached: 1, average_hours: 5 },
    ]);
    const other = await reach({ branch_id: w.otherBranch }, w.tokens.otherOwner);
    expect(other.body.totals).toEqual({ leads: 1, reached: 1, percent: 100 });
    // Another company's branch is none of this caller's.
    expect((await reach({ branch_id: w.otherBranch })).status).toBe(403);
  });

  it('gives an empty period zeros', async () => {
    const res = await reach({ from: '2020-01-01', till: '2020-01-31' });
    expect(res.body).toEqual({
      totals: { leads: 0, reached: 0, percent: 0 },
      by_source: [],
      by_staff: [],
      counted: ['called', 'moved', 'converted', 'edited'],
    });
  });

  it('refuses a branch the caller does not work in, a backwards period and roles outside the reports area', async () => {
    expect((await reach({}, w.tokens.northAdmin)).status).toBe(403);
    expect((await reach({ branch_id: w.north }, w.tokens.northAdmin)).status).toBe(200);
    const backwards = await reach({ from: '2026-03-10', till: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details[0].field).toBe('till');
    for (const token of [w.tokens.marketer, w.tokens.teacher, w.tokens.cashier, w.tokens.limitedAdmin]) {
      expect((await reach({}, token)).status).toBe(403);
    }
    expect((await reach({}, w.tokens.director)).status).toBe(200);
  });
});
