import type { LeadList } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { insertLeads, type LeadSpec } from '../../seed/leads-factories.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;

/** 00:30 in Tashkent (UTC+5) on 10 March is still 9 March in UTC: the search must use the company's day. */
const MARCH_10_EARLY = new Date('2025-03-09T19:30:00Z');

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
  const spec = (name: string, phone: string, extra: Partial<LeadSpec> = {}): LeadSpec => ({
    branchId: w.main,
    name,
    phone,
    createdAt: new Date('2025-02-01T09:00:00Z'),
    ...extra,
  });
  await insertLeads(database.db, w.company.id, [
    spec('Aziza Karimova', '901000001', { createdAt: MARCH_10_EARLY, courseId: w.course, tagIds: [w.leadTag] }),
    spec('Bobur Aliyev', '901000002', { createdAt: new Date('2025-03-11T09:00:00Z'), sourceId: w.source }),
    spec('Charos 100%', '935550003', { column: 'set', adminId: w.company.users.marketer.id }),
    spec('Dilshod Archived', '901000004', { archiveReasonId: w.reason }),
    spec('North Lead', '901000005', { branchId: w.north }),
  ]);
});

const list = async (query: string, path = '/leadData', token = w.tokens.marketer) => {
  const res = await w.api(token, 'GET', `${path}?branch_id=${w.main}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as LeadList;
};
const names = (page: LeadList) => page.data.map((l) => l.name);

describe('the lead list (GET /leadData)', () => {
  it("shows the branch's board leads newest first, paged with the spec's pagination", async () => {
    const page = await list('&per_page=2');
    expect(names(page)).toEqual(['Bobur Aliyev', 'Aziza Karimova']);
    expect(page.pagination).toEqual({ count: 2, current_page: 1, last_page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(names(await list('&per_page=2&page=2'))).toEqual(['Charos 100%']);
  });

  it('searches by the date range in the company days, name or phone, and by course, tag, source, admin, column', async () => {
    expect(names(await list('&from=2025-03-10&to=2025-03-10'))).toEqual(['Aziza Karimova']);
    expect(names(await list('&from=2025-03-01'))).toEqual(['Bobur Aliyev', 'Aziza Karimova']);
    expect(names(await list('&to=2025-03-09'))).toEqual(['Charos 100%']);
    expect(names(await list('&search=karim'))).toEqual(['Aziza Karimova']);
    expect(names(await list('&search=555%200'))).toEqual(['Charos 100%']);
    // A "%" is a character searched for, not a wildcard; digits among letters are not a phone.
    expect(names(await list('&search=%25'))).toEqual(['Charos 100%']);
    expect(names(await list('&search=charos%20100'))).toEqual(['Charos 100%']);
    expect(names(await list(`&course_id=${w.course}`))).toEqual(['Aziza Karimova']);
    expect(names(await list(`&tag_id=${w.leadTag}`))).toEqual(['Aziza Karimova']);
    expect(names(await list(`&source_id=${w.source}`))).toEqual(['Bobur Aliyev']);
    expect(names(await list(`&admin_id=${w.company.users.marketer.id}`))).toEqual(['Charos 100%']);
    expect(names(await list('&column=set'))).toEqual(['Charos 100%']);
    expect(names(await list('&archived=1'))).toEqual(['Dilshod Archived']);
  });

  it('refuses a reversed date range, a teacher and a branch the caller does not work in', async () => {
    const reversed = await w.api(w.tokens.admin, 'GET', `/leadData?branch_id=${w.main}&from=2025-03-02&to=2025-03-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.details).toEqual([expect.objectContaining({ field: 'to', rule: 'end_before_start' })]);
    expect((await w.api(w.tokens.teacher, 'GET', `/leadData?branch_id=${w.main}`)).status).toBe(403);
    expect((await w.api(w.tokens.northAdmin, 'GET', `/leadData?branch_id=${w.main}`)).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', '/leadData')).status).toBe(400);
  });
});

describe('the archive (GET /leads/archive)', () => {
  it('lists the archived leads with their reason, searchable', async () => {
    const page = await list('', '/leads/archive');
    expect(page.data).toEqual([
      expect.objectContaining({ name: 'Dilshod Archived', archive_reason: { id: w.reason, title: 'Too expensive' } }),
    ]);
    expect(page.pagination.total).toBe(1);
    expect(names(await list('&search=nobody', '/leads/archive'))).toEqual([]);
    expect((await w.api(w.tokens.teacher, 'GET', `/leads/archive?branch_id=${w.main}`)).status).toBe(403);
  });
});

describe('a branch with 5,000 leads', () => {
  it('answers a page and a search quickly', async () => {
    const busy = w.north;
    const many: LeadSpec[] = Array.from({ length: 5000 }, (_, i) => ({
      branchId: busy,
      name: `Bulk Lead ${i}`,
      phone: String(920_000_000 + i),
      column: i % 3 === 0 ? 'waiting' : 'incoming',
      createdAt: new Date(Date.UTC(2025, 5, 1) + i * 60_000),
    }));
    await insertLeads(database.db, w.company.id, many);
    const timed = async (query: string) => {
      const started = performance.now();
      const res = await w.api(w.tokens.admin, 'GET', `/leadData?branch_id=${busy}${query}`);
      return { page: res.body as LeadList, ms: performance.now() - started };
    };
    await timed('&per_page=50'); // the first request of a kind plans its queries
    const first = await timed('&per_page=50');
    expect(first.page.data[0]?.name).toBe('Bulk Lead 4999');
    expect(first.page.pagination.total).toBe(5001);
    const searched = await timed('&search=Lead%204997&column=incoming');
    expect(names(searched.page)).toEqual(['Bulk Lead 4997']);
    const deep = await timed('&per_page=100&page=40&from=2025-06-01&to=2025-06-30');
    expect(deep.page.data).toHaveLength(100);
    // In-process PGlite on a shared machine: generous bounds that still catch a per-row query.
    for (const { ms } of [first, searched, deep]) expect(ms).toBeLessThan(1500);
  });
});
