import { type BlogList, type BlogPost, HistoryEvent, Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { createUser } from '../../seed/factories.js';
import { createGroupsWorld, type GroupsWorld, nextPhone } from '../groups/groups-test-world.js';

/** Issue 20's news blog: who writes, who reads which post, reads counted once, bodies kept safe. */
const { app, database } = await openTestApp();
let w: GroupsWorld;
/** Writers besides the administrator (tokens.admin): the second administrator, a director of Main only. */
let secondAdmin: string;
let mainDirector: string;
/** A student of the North branch only. */
let northStudent: string;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db);
  secondAdmin = await loginAs(app, w.sub, '900000011');
  const directorPhone = nextPhone();
  await createUser(database.db, w.company.id, {
    name: 'Main Director',
    phone: directorPhone,
    roles: [Role.branchDirector],
    branchIds: [w.main],
  });
  mainDirector = await loginAs(app, w.sub, directorPhone);
  const studentPhone = nextPhone();
  await createUser(database.db, w.company.id, {
    name: 'North Pupil',
    phone: studentPhone,
    roles: [Role.student],
    branchIds: [w.north],
  });
  northStudent = await loginAs(app, w.sub, studentPhone);
});

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Spring enrolment',
  body_html: '<p>Classes start on <strong>1 March</strong>.</p>',
  audience: 'all',
  branch_id: null,
  ...overrides,
});

const publish = async (overrides: Record<string, unknown> = {}, token = w.tokens.admin) => {
  const res = await w.api(token, 'POST', '/blog/', body(overrides));
  if (res.status !== 200) throw new Error(`post not published: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BlogPost;
};

const list = async (token: string, query = '') => {
  const res = await w.api(token, 'GET', `/blog/${query}`);
  expect(res.status).toBe(200);
  return res.body as BlogList;
};

const titlesFor = async (token: string) => (await list(token, '?per_page=50')).data.map((post) => post.title);

describe('writing news', () => {
  it('lets the author publish, edit and delete his post, and records each in the history', async () => {
    const post = await publish({ title: 'Open day' });
    expect(post).toMatchObject({
      title: 'Open day',
      audience: 'all',
      branch: null,
      author: { id: w.company.users.admin.id },
      is_viewed: true,
      views: 0,
      policies: { edit: true, delete: true },
    });
    expect(post.excerpt).toBe('Classes start on 1 March.');

    const edited = await w.api(
      w.tokens.admin,
      'PUT',
      `/blog/${post.id}`,
      body({ title: 'Open day moved', branch_id: w.north }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Open day moved', branch: { id: w.north, name: 'North' } });
    expect(edited.body.published_at).toBe(post.published_at);

    expect((await w.api(w.tokens.admin, 'DELETE', `/blog/${post.id}`)).body).toEqual({ ok: true });
    expect((await w.api(w.tokens.admin, 'GET', `/blog/${post.id}`)).status).toBe(404);

    const types = [HistoryEvent.blogPostAdded, HistoryEvent.blogPostChanged, HistoryEvent.blogPostDeleted];
    const events = await w.api(w.tokens.owner, 'GET', `/company/${w.company.id}/history?type=${types.join(',')}`);
    const mine = (events.body.data as { type: number; entity_id: number; data: { title: string } }[])
      .filter((event) => event.entity_id === post.id)
      .map((event) => [event.type, event.data.title]);
    expect(mine.sort()).toEqual(
      [
        [HistoryEvent.blogPostAdded, 'Open day'],
        [HistoryEvent.blogPostChanged, 'Open day moved'],
        [HistoryEvent.blogPostDeleted, 'Open day moved'],
      ].sort(),
    );
  });

  it('refuses another editor changing or deleting it (403), and readers without blogEdit writing at all', async () => {
    const post = await publish({ title: 'Not yours' });
    const seen = await w.api(secondAdmin, 'GET', `/blog/${post.id}`);
    expect(seen.body.policies).toEqual({ edit: false, delete: false });
    const put = await w.api(secondAdmin, 'PUT', `/blog/${post.id}`, body({ title: 'Taken over' }));
    expect([put.status, put.body.error.code]).toEqual([403, 'forbidden']);
    expect((await w.api(w.tokens.owner, 'DELETE', `/blog/${post.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'POST', '/blog/', body())).status).toBe(403);
    expect((await w.api(w.tokens.student, 'POST', '/blog/', body())).status).toBe(403);
    expect((await w.api(w.tokens.limitedAdmin, 'POST', '/blog/', body())).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', `/blog/${post.id}`)).body.title).toBe('Not yours');
    expect((await list(w.tokens.teacher)).policies.create).toBe(false);
    expect((await list(w.tokens.admin)).policies.create).toBe(true);
  });

  it('keeps a post in the branches of its author', async () => {
    const res = await w.api(mainDirector, 'POST', '/blog/', body({ branch_id: w.north }));
    expect([res.status, res.body.error.code]).toEqual([403, 'branch_forbidden']);
    const own = await w.api(mainDirector, 'POST', '/blog/', body({ title: 'Main only', branch_id: w.main }));
    expect(own.body.branch).toEqual({ id: w.main, name: 'Main' });
  });

  it('refuses an empty title or body and keeps only the safe part of the HTML', async () => {
    const noTitle = await w.api(w.tokens.admin, 'POST', '/blog/', body({ title: '  ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.details.map((d: { field: string }) => d.field)).toEqual(['title']);
    const noBody = await w.api(w.tokens.admin, 'POST', '/blog/', body({ body_html: '<p> </p><script>x()</script>' }));
    expect([noBody.status, noBody.body.error.details[0].field]).toEqual([400, 'body_html']);
    const badAudience = await w.api(w.tokens.admin, 'POST', '/blog/', body({ audience: 'guests' }));
    expect(badAudience.status).toBe(400);

    const post = await publish({
      body_html:
        '<p onclick="steal()">Hello<script>alert(1)</script> <img src="https://x.uz/a.png" onerror="steal()"> ' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.uz">good</a></p><iframe src="https://evil"></iframe>',
    });
    expect(post.body_html).not.toMatch(/script|onerror|onclick|javascript:|iframe/i);
    expect(post.body_html).toContain('<img src="https://x.uz/a.png" />');
    expect(post.body_html).toContain(
      '<a href="https://example.uz" target="_blank" rel="noopener noreferrer nofollow">good</a>',
    );
  });
});

describe('reading news', () => {
  let titles: Record<string, string>;
  beforeAll(async () => {
    titles = {
      all: 'For everybody',
      staff: 'For the staff',
      teachers: 'For the teachers',
      students: 'For the students',
      north: 'For North students',
    };
    await publish({ title: titles.all, audience: 'all' });
    await publish({ title: titles.staff, audience: 'staff' });
    await publish({ title: titles.teachers, audience: 'teachers' });
    await publish({ title: titles.students, audience: 'students' });
    await publish({ title: titles.north, audience: 'students', branch_id: w.north });
  });

  it('shows each reader only what is written for him and his branches', async () => {
    const northStudentSees = await titlesFor(northStudent);
    expect(northStudentSees).toEqual(expect.arrayContaining([titles.all, titles.students, titles.north]));
    expect(northStudentSees).not.toContain(titles.staff);
    expect(northStudentSees).not.toContain(titles.teachers);
    const mainStudent = await loginAs(app, w.sub, '900000007');
    expect(await titlesFor(mainStudent)).toContain(titles.students);

    const teacherSees = await titlesFor(w.tokens.teacher);
    expect(teacherSees).toEqual(expect.arrayContaining([titles.all, titles.teachers]));
    expect(teacherSees).not.toContain(titles.students);
    expect(teacherSees).not.toContain(titles.staff);

    const limitedSees = await titlesFor(w.tokens.limitedAdmin);
    expect(limitedSees).toEqual(expect.arrayContaining([titles.all, titles.staff]));
    expect(limitedSees).not.toContain(titles.teachers);
    // The blog's editors keep it: every audience; a director of Main does not see North's posts.
    expect(await titlesFor(w.tokens.owner)).toEqual(expect.arrayContaining(Object.values(titles)));
    expect(await titlesFor(mainDirector)).not.toContain(titles.north);

    const staffPost = (await list(w.tokens.admin, '?per_page=50')).data.find((p) => p.title === titles.staff)!;
    expect((await w.api(northStudent, 'GET', `/blog/${staffPost.id}`)).status).toBe(404);
  });

  it('lists newest first, page by page', async () => {
    const first = await list(w.tokens.owner, '?per_page=2');
    const second = await list(w.tokens.owner, '?per_page=2&page=2');
    expect(first.data.map((p) => p.title)).toEqual([titles.north, titles.students]);
    expect(second.data.map((p) => p.title)).toEqual([titles.teachers, titles.staff]);
    expect(first.pagination).toMatchObject({ current_page: 1, per_page: 2, count: 2 });
    expect(first.pagination.total).toBeGreaterThanOrEqual(5);
  });

  it('marks a post read when its reader opens it, once, and shows the count to its author and editors only', async () => {
    const unread = (await list(northStudent)).data.find((p) => p.title === titles.all)!;
    expect(unread.is_viewed).toBe(false);
    expect(unread.views).toBeNull();
    expect(unread.policies).toEqual({ edit: false, delete: false });

    const opened = await w.api(northStudent, 'GET', `/blog/${unread.id}`);
    expect(opened.body).toMatchObject({ is_viewed: true, views: null, body_html: expect.any(String) });
    await w.api(northStudent, 'GET', `/blog/${unread.id}`);
    expect((await list(northStudent)).data.find((p) => p.id === unread.id)?.is_viewed).toBe(true);

    const forAuthor = (await list(w.tokens.admin, '?per_page=50')).data.find((p) => p.id === unread.id)!;
    expect([forAuthor.is_viewed, forAuthor.views]).toEqual([true, 1]);
    // The author's own opening is not a read; another editor's is, and he sees the count too.
    await w.api(w.tokens.admin, 'GET', `/blog/${unread.id}`);
    const bySecond = await w.api(secondAdmin, 'GET', `/blog/${unread.id}`);
    expect(bySecond.body.views).toBe(2);
    expect((await w.api(w.tokens.teacher, 'GET', `/blog/${unread.id}`)).body.views).toBeNull();
  });
});
