import { HistoryEvent, type LeadBoard, type LeadUpdates, PUBLIC_LEAD_RATE_PER_MINUTE } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { historyEvents, leadSources } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompany } from '../../seed/factories.js';
import { WEBSITE_SOURCE } from './lead-public.js';
import { createLeadsWorld, type LeadsWorld, nextLeadPhone } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsWorld;
let english: number;
let level: number;

beforeAll(async () => {
  w = await createLeadsWorld(app, database.db);
  english = await createCourse(database.db, w.company.id, { name: 'English' });
  level = await createCourse(database.db, w.company.id, { name: 'English A1', parentId: english });
  await createCourse(database.db, w.company.id, { name: 'Arabic' });
});

let ipSeq = 1;
/** Each test its own address, so the per-address limit of one test never touches another. */
const nextIp = () => `203.0.113.${ipSeq++}`;

const submit = (body: Record<string, unknown>, ip: string, sub = w.sub) =>
  w.postFrom(ip, '/public/lead', { body, host: sub });

const leadsNamed = (name: string) => w.leadsNamed(name);

const boardTime = async (branch = w.main) =>
  ((await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${branch}`)).body as LeadBoard).time;

describe('the public lead form', () => {
  it('shows the company, its courses (not their levels) and its branches, without a log-in', async () => {
    const res = await call(app, { url: '/api/v1/public/lead-form', sub: w.sub });
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ name: 'Leads Centre', country: 'uz', locale: 'uz' });
    expect(res.body.courses.map((c: { name: string }) => c.name)).toEqual(['Arabic', 'English']);
    expect(res.body.courses.map((c: { id: number }) => c.id)).not.toContain(level);
    expect(res.body.branches).toEqual([
      { id: w.main, name: 'Main' },
      { id: w.north, name: 'North' },
    ]);
  });

  it('answers 404 company_not_found for an unknown subdomain or the bare domain', async () => {
    expect((await call(app, { url: '/api/v1/public/lead-form', sub: 'no-such-centre' })).body.error.code).toBe(
      'company_not_found',
    );
    const bare = await submit({ name: 'Someone', phone: '901234567' }, nextIp(), '');
    expect([bare.status, bare.body.error.code]).toEqual([404, 'company_not_found']);
  });

  it('refuses a disabled company', async () => {
    const off = await createCompany(database.db, { name: 'Off', subdomain: uniqueSubdomain('off'), branches: ['A'] });
    await database.db.execute(sql`update companies set disabled = true where id = ${off.id}`);
    const res = await call(app, { url: '/api/v1/public/lead-form', sub: off.subdomain });
    expect([res.status, res.body.error.code]).toEqual([403, 'company_disabled']);
  });

  it('puts the lead on top of "incoming" of the first branch, from the source "Website form", live on open boards', async () => {
    await w.lead({ name: 'Older card', position: 0 });
    const before = await boardTime();
    const res = await submit(
      { name: 'Web Visitor', phone: '+998 90 111 22 33', comment: 'Evenings', course_id: english },
      nextIp(),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const board = (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body as LeadBoard;
    const top = board.columns[0]?.leads[0];
    expect(top).toMatchObject({
      name: 'Web Visitor',
      phone: '901112233',
      comment: 'Evenings',
      course: 'English',
      source: WEBSITE_SOURCE,
      column: 'incoming',
      admin: null,
    });
    const updates = (await w.api(w.tokens.admin, 'GET', `/lead-increment/updates?branch_id=${w.main}&from=${before}`))
      .body as LeadUpdates;
    expect(updates.updates).toHaveLength(1);
    expect(updates.updates[0]).toMatchObject({
      action: 'create',
      type: 'lead',
      uuid: top?.uuid,
      author_id: null,
      location: { column: 'incoming', section: null },
      data: { name: 'Web Visitor', source: WEBSITE_SOURCE },
    });
  });

  it('records who added it as nobody (the visitor), with the address, in the history', async () => {
    const ip = nextIp();
    await submit({ name: 'History Visitor', phone: '901112234' }, ip);
    const [lead] = await leadsNamed('History Visitor');
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.entityId, lead?.id ?? 0), eq(historyEvents.type, HistoryEvent.leadAdded))),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: null, branchId: w.main, entity: 'lead' });
    expect(events[0]?.data).toMatchObject({ via: 'public_form', ip, phone: '901112234' });
  });

  it('takes the chosen branch of the company; another company’s branch or an unknown course falls back', async () => {
    await submit({ name: 'North Visitor', phone: nextLeadPhone(), branch_id: w.north }, nextIp());
    expect((await leadsNamed('North Visitor'))[0]?.branchId).toBe(w.north);
    const other = await createCompany(database.db, { name: 'Other', subdomain: uniqueSubdomain('o'), branches: ['X'] });
    await submit(
      { name: 'Stray Visitor', phone: nextLeadPhone(), branch_id: other.branchIds[0], course_id: 999_999 },
      nextIp(),
    );
    expect((await leadsNamed('Stray Visitor'))[0]).toMatchObject({ branchId: w.main, courseId: null });
  });

  it('uses one "Website form" source for every lead of the form', async () => {
    await submit({ name: 'Source One', phone: nextLeadPhone() }, nextIp());
    await submit({ name: 'Source Two', phone: nextLeadPhone() }, nextIp());
    const sources = await inCompany(database.db, w.company.id, (tx) =>
      tx.select().from(leadSources).where(eq(leadSources.companyId, w.company.id)),
    );
    expect(sources.filter((s) => s.name === WEBSITE_SOURCE)).toHaveLength(1);
    const [one] = await leadsNamed('Source One');
    const [two] = await leadsNamed('Source Two');
    expect(one?.sourceId).toBe(two?.sourceId);
  });

  it('refuses a phone of the wrong length for the company country with a field error', async () => {
    const res = await submit({ name: 'Short Phone', phone: '90 123' }, nextIp());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'phone', rule: 'phone_invalid', limit: 9 }),
    ]);
    expect(await leadsNamed('Short Phone')).toHaveLength(0);
  });

  it('refuses a missing name', async () => {
    const res = await submit({ name: '  ', phone: '901234567' }, nextIp());
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('name');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await boardTime();
    const res = await submit({ name: 'Spam Bot', phone: '901234567', website: 'http://spam.example' }, nextIp());
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(await leadsNamed('Spam Bot')).toHaveLength(0);
    expect(await boardTime()).toBe(before);
  });

  it('lets one address send PUBLIC_LEAD_RATE_PER_MINUTE leads a minute, then answers 429; others still pass', async () => {
    const ip = nextIp();
    for (let i = 0; i < PUBLIC_LEAD_RATE_PER_MINUTE; i++) {
      expect((await submit({ name: `Burst ${i}`, phone: nextLeadPhone() }, ip)).status).toBe(200);
    }
    const refused = await submit({ name: 'Burst over', phone: nextLeadPhone() }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(refused.body.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect(await leadsNamed('Burst over')).toHaveLength(0);
    expect((await submit({ name: 'Neighbour', phone: nextLeadPhone() }, nextIp())).status).toBe(200);
  });

  it('forgets an address after a minute (the count is of the last minute)', async () => {
    const ip = nextIp();
    for (let i = 0; i < PUBLIC_LEAD_RATE_PER_MINUTE; i++)
      await submit({ name: `Old ${i}`, phone: nextLeadPhone() }, ip);
    // Written as the owner: the application itself may not rewrite history.
    await database.db.execute(
      sql`update history_events set created_at = created_at - interval '61 seconds' where data->>'ip' = ${ip}`,
    );
    expect((await submit({ name: 'Back later', phone: nextLeadPhone() }, ip)).status).toBe(200);
  });
});
