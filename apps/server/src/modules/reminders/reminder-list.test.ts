import { addDays } from '@crm/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReminderSpec } from '../../seed/reminders-demo.js';
import { openRemindersWorld, START, TODAY, TOMORROW, YESTERDAY } from './reminders-test-world.js';

const world = await openRemindersWorld();
const { api, tokens, branches, people, groups, leads, tags, company } = world;
const admin = company.users.admin.id;
const director = company.users.branchDirector.id;

const list = (body: object = {}, token = tokens.admin, query = '') =>
  api('POST', `/reminder/index${query}`, token, body);
const titles = (bucket: { data: { title: string }[] }) => bucket.data.map((task) => task.title);
const task = (title: string, date: string, time: string, over: Partial<ReminderSpec> = {}): ReminderSpec => ({
  branchId: branches.main,
  title,
  date,
  time,
  assignedTo: admin,
  createdBy: admin,
  ...over,
});

afterEach(() => world.setNow(START));

describe('POST /reminder/index: the four buckets by the company’s day (Tashkent, now 10:30)', () => {
  beforeAll(async () => {
    await world.insertTasks([
      task('Bucket yesterday', YESTERDAY, '16:00'),
      task('Bucket morning', TODAY, '09:00'),
      task('Bucket afternoon', TODAY, '15:00'),
      // 18:30 UTC: still today in Tashkent.
      task('Bucket late', TODAY, '23:30'),
      // 19:30 UTC on the 4th, yet the 5th in Tashkent: tomorrow.
      task('Bucket after midnight', TOMORROW, '00:30'),
      task('Bucket done', TODAY, '08:00', { status: 1, resultComment: 'Done early' }),
    ]);
  });

  it('puts done, past-moment, later-today and later-day tasks in their buckets', async () => {
    const res = await list({ status: 'all', search: 'Bucket' });
    expect(res.status).toBe(200);
    expect(titles(res.body.overdue)).toEqual(['Bucket yesterday', 'Bucket morning']);
    expect(titles(res.body.today)).toEqual(['Bucket afternoon', 'Bucket late']);
    expect(titles(res.body.future)).toEqual(['Bucket after midnight']);
    expect(titles(res.body.done)).toEqual(['Bucket done']);
    expect(res.body.done.data[0]).toMatchObject({ status: 1, state: 'done', result_comment: 'Done early' });
    expect(res.body.overdue.data[0]).toMatchObject({ status: 0, state: 'overdue', date: YESTERDAY, time: '16:00' });
    expect(res.body.today.meta).toEqual({ total: 2, current_page: 1, last_page: 1, per_page: 100 });
  });

  it('shows the active buckets by default (spec §5), the done one only when asked', async () => {
    const active = await list({ search: 'Bucket' });
    expect(titles(active.body.overdue)).toHaveLength(2);
    expect(titles(active.body.today)).toHaveLength(2);
    expect(titles(active.body.future)).toHaveLength(1);
    expect(active.body.done).toEqual({ data: [], meta: { total: 0, current_page: 1, last_page: 1, per_page: 100 } });

    const done = await list({ status: 'done', search: 'Bucket' });
    expect(titles(done.body.done)).toEqual(['Bucket done']);
    expect(done.body.today.meta.total).toBe(0);

    const overdue = await list({ status: 'overdue', search: 'Bucket' });
    expect(titles(overdue.body.overdue)).toHaveLength(2);
    expect(overdue.body.future.meta.total).toBe(0);
  });

  it('moves tasks between buckets as the company’s day turns', async () => {
    // 00:05 on the 5th in Tashkent, 19:05 UTC on the 4th.
    world.setNow(new Date('2025-03-04T19:05:00Z'));
    const res = await list({ search: 'Bucket' });
    expect(titles(res.body.overdue)).toEqual(['Bucket yesterday', 'Bucket morning', 'Bucket afternoon', 'Bucket late']);
    expect(titles(res.body.today)).toEqual(['Bucket after midnight']);
    expect(res.body.future.meta.total).toBe(0);
  });
});

describe('pagination', () => {
  it('answers 100 a page per bucket, with meta', async () => {
    await world.insertTasks(
      Array.from({ length: 101 }, (_, i) =>
        task(`Paged ${String(i).padStart(3, '0')}`, addDays(TODAY, 2 + (i % 5)), '12:00'),
      ),
    );
    const first = await list({ search: 'Paged' });
    expect(first.body.future.meta).toEqual({ total: 101, current_page: 1, last_page: 2, per_page: 100 });
    expect(first.body.future.data).toHaveLength(100);
    const second = await list({ search: 'Paged', pages: { future: 2 } });
    expect(second.body.future.meta).toEqual({ total: 101, current_page: 2, last_page: 2, per_page: 100 });
    expect(second.body.future.data).toHaveLength(1);
    const ids = new Set([...first.body.future.data, ...second.body.future.data].map((t: { id: number }) => t.id));
    expect(ids.size).toBe(101);
    // A page past the end answers the last one.
    expect((await list({ search: 'Paged', pages: { future: 9 } })).body.future.meta.current_page).toBe(2);
  });
});

describe('filters', () => {
  beforeAll(async () => {
    await world.insertTasks([
      task('Filter teacher', TOMORROW, '10:00', { assignedTo: company.users.teacher.id }),
      task('Filter tagged', TOMORROW, '10:00', { tagIds: [tags.urgent] }),
      task('Filter student', TOMORROW, '10:00', { studentId: people.ali }),
      task('Filter lead', TOMORROW, '10:00', { leadId: leads.dono }),
      task('Filter group', TOMORROW, '10:00', { groupId: groups.beta }),
      task('Filter north', TOMORROW, '10:00', { branchId: branches.north }),
    ]);
  });

  it('narrows by assignee, tag, student, lead and group', async () => {
    const only = async (filter: object) => titles((await list({ search: 'Filter', ...filter })).body.future);
    expect(await only({ assigned_to: company.users.teacher.id })).toEqual(['Filter teacher']);
    expect(await only({ tag_id: tags.urgent })).toEqual(['Filter tagged']);
    expect(await only({ student_id: people.ali })).toEqual(['Filter student']);
    expect(await only({ lead_id: leads.dono })).toEqual(['Filter lead']);
    expect(await only({ group_id: groups.beta })).toEqual(['Filter group']);
    expect((await only({})).length).toBe(6);
  });

  it('shows a branch’s tasks for branch_id, and a staff member only his branches’ without it', async () => {
    const north = await list({ search: 'Filter' }, tokens.admin, `?branch_id=${branches.north}`);
    expect(titles(north.body.future)).toEqual(['Filter north']);
    const main = await list({ search: 'Filter' }, tokens.admin, `?branch_id=${branches.main}`);
    expect(titles(main.body.future)).not.toContain('Filter north');
    // The Main-only administrator sees Main's tasks and may not ask for North's.
    expect(titles((await list({ search: 'Filter' }, tokens.mainAdmin)).body.future)).toHaveLength(5);
    const refused = await list({}, tokens.mainAdmin, `?branch_id=${branches.north}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('branch_forbidden');
  });

  it('refuses an unknown filter or status', async () => {
    expect((await list({ status: 'later' })).status).toBe(400);
    expect((await list({ colour: 'red' })).status).toBe(400);
  });
});

describe('GET /reminder/counts: the header’s badge and the due-now notice', () => {
  let dueNow: number;
  let afternoon: number;

  beforeAll(async () => {
    const mine = (title: string, date: string, time: string, over: Partial<ReminderSpec> = {}) =>
      task(title, date, time, { assignedTo: director, ...over });
    [, dueNow, , afternoon] = (await world.insertTasks([
      mine('Badge yesterday', YESTERDAY, '12:00'),
      mine('Badge due now', TODAY, '10:00'),
      mine('Badge told already', TODAY, '10:20', { notifiedAt: START }),
      mine('Badge afternoon', TODAY, '15:00'),
      mine('Badge tomorrow', TOMORROW, '09:00'),
      mine('Badge done', TODAY, '08:00', { status: 1 }),
      // Written by the director for someone else: not his badge.
      task('Badge for admin', TODAY, '09:00', { createdBy: director }),
    ])) as number[];
  });

  const counts = (token = tokens.director) => api('GET', '/reminder/counts', token);

  it('counts the caller’s own active tasks of today and overdue, and names those just due', async () => {
    const res = await counts();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      available: true,
      overdue: 3,
      today: 1,
      due_now: [{ id: dueNow, title: 'Badge due now', date: TODAY, time: '10:00' }],
    });
  });

  it('tells of a due task once, and of the next when its moment comes', async () => {
    // Someone else cannot mark the director's notice as given.
    await api('POST', '/reminder/notified', tokens.admin, { ids: [dueNow] });
    expect((await counts()).body.due_now).toHaveLength(1);

    expect((await api('POST', '/reminder/notified', tokens.director, { ids: [dueNow] })).status).toBe(200);
    expect((await counts()).body.due_now).toEqual([]);

    world.setNow(new Date('2025-03-04T10:01:00Z'));
    const later = await counts();
    expect(later.body).toMatchObject({ overdue: 4, today: 0 });
    expect(later.body.due_now.map((t: { id: number }) => t.id)).toEqual([afternoon]);
  });

  it('goes down when a task is done', async () => {
    await api('POST', `/reminder/${afternoon}/status`, tokens.director, { status: 1, comment: 'Ok' });
    expect((await counts()).body).toMatchObject({ overdue: 3, today: 0 });
  });

  it('answers a user without reminders that he has none, without refusing him', async () => {
    const res = await counts(tokens.cashier);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ available: false, today: 0, overdue: 0, due_now: [] });
  });
});
