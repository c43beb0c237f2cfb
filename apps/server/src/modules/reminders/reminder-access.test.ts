import { beforeAll, describe, expect, it } from 'vitest';
import { openRemindersWorld, TODAY, TOMORROW } from './reminders-test-world.js';

const world = await openRemindersWorld();
const { api, tokens, branches, people, groups, leads, company } = world;
const teacher = company.users.teacher.id;

const create = (body: object, token: string) => api('POST', `/reminder?branch_id=${branches.main}`, token, body);
const allTitles = async (token: string) => {
  const res = await api('POST', '/reminder/index', token, { status: 'all' });
  expect(res.status).toBe(200);
  return ['overdue', 'today', 'future', 'done'].flatMap((bucket) =>
    res.body[bucket].data.map((t: { title: string }) => t.title),
  );
};

describe('a teacher (spec §6 reminders: his own tasks only)', () => {
  let givenToHim: { id: number };
  let adminsOwn: { id: number };

  beforeAll(async () => {
    givenToHim = (
      await create({ title: 'Given to the teacher', date: TODAY, time: '16:00', assigned_to: teacher }, tokens.admin)
    ).body;
    adminsOwn = (await create({ title: 'The admin’s own', date: TODAY, time: '16:00' }, tokens.admin)).body;
    await create({ title: 'Teacher 2’s own', date: TODAY }, tokens.teacher2);
  });

  it('creates tasks for himself, about his groups and their students', async () => {
    const own = await create({ title: 'Check homework', date: TOMORROW, group_id: groups.alpha }, tokens.teacher);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ assigned_to: { id: teacher }, policies: { can_edit: true, can_delete: true } });
    const aboutAli = await create({ title: 'Talk to Ali', date: TOMORROW, student_id: people.ali }, tokens.teacher);
    expect(aboutAli.status).toBe(200);
  });

  it('may not give a task to someone else', async () => {
    const res = await create({ title: 'For Botir', date: TODAY, assigned_to: people.teacher2 }, tokens.teacher);
    expect(res.status).toBe(403);
  });

  it('may not attach a task to a lead, another teacher’s group or its students', async () => {
    const cases: [object, string][] = [
      [{ lead_id: leads.dono }, 'lead_id'],
      [{ group_id: groups.beta }, 'group_id'],
      [{ student_id: people.vali }, 'student_id'],
    ];
    for (const [refs, field] of cases) {
      const res = await create({ title: 'Not his', date: TODAY, ...refs }, tokens.teacher);
      expect(res.status, field).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
  });

  it('sees only what is given to him or written by him', async () => {
    const titles = await allTitles(tokens.teacher);
    expect(titles).toEqual(expect.arrayContaining(['Given to the teacher', 'Check homework', 'Talk to Ali']));
    expect(titles).not.toContain('The admin’s own');
    expect(titles).not.toContain('Teacher 2’s own');
  });

  it('ticks off a task given to him but may not edit or delete it', async () => {
    const res = await api('POST', '/reminder/index', tokens.teacher, {});
    const given = res.body.today.data.find((t: { id: number }) => t.id === givenToHim.id);
    expect(given.policies).toEqual({ can_edit: false, can_delete: false, can_change_status: true });
    expect(res.body.policies).toEqual({ can_create: true, can_assign_others: false, can_attach_leads: false });

    const edit = await api('PUT', `/reminder/${givenToHim.id}`, tokens.teacher, { title: 'Mine', date: TODAY });
    expect(edit.status).toBe(403);
    expect((await api('DELETE', `/reminder/${givenToHim.id}`, tokens.teacher)).status).toBe(403);
    const done = await api('POST', `/reminder/${givenToHim.id}/status`, tokens.teacher, { status: 1, comment: 'Done' });
    expect(done.status).toBe(200);
    expect(done.body.result_comment).toBe('Done');
  });

  it('finds nothing of tasks that are not his', async () => {
    expect((await api('PUT', `/reminder/${adminsOwn.id}`, tokens.teacher, { title: 'Mine', date: TODAY })).status).toBe(
      404,
    );
    expect((await api('POST', `/reminder/${adminsOwn.id}/status`, tokens.teacher, { status: 1 })).status).toBe(404);
  });

  it('is offered himself, his groups and their students in the form, and no leads', async () => {
    const options = (kind: string) => api('GET', `/reminder/options?kind=${kind}`, tokens.teacher);
    expect((await options('assignee')).body.data).toEqual([{ id: teacher, name: 'Kamola Ergasheva' }]);
    expect((await options('student')).body.data).toEqual([{ id: people.ali, name: 'Ali Student' }]);
    expect((await options('group')).body.data).toEqual([{ id: groups.alpha, name: 'Alpha' }]);
    expect((await options('lead')).status).toBe(403);
  });
});

describe('staff', () => {
  it('may give tasks to whoever works with tasks in the branch, and attach leads', async () => {
    const options = (query: string) => api('GET', `/reminder/options?${query}`, tokens.admin);
    const assignees = (await options(`kind=assignee&branch_id=${branches.main}`)).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(assignees).toEqual(expect.arrayContaining(['Kamola Ergasheva', 'Main Admin', 'Botir Teacher']));
    expect(assignees).not.toContain('Aziza Nurmatova'); // the cashier
    expect(assignees).not.toContain('Ali Valiyev'); // the student
    // North: the Main-only administrator does not work there.
    const north = (await options(`kind=assignee&branch_id=${branches.north}`)).body.data.map(
      (p: { name: string }) => p.name,
    );
    expect(north).not.toContain('Main Admin');
    expect((await options('kind=lead&search=dono')).body.data).toEqual([{ id: leads.dono, name: 'Dono Lead' }]);
    expect((await options('kind=student&search=977000004')).body.data).toEqual([
      { id: people.vali, name: 'Vali Student' },
    ]);
    const list = await api('POST', '/reminder/index', tokens.admin, {});
    expect(list.body.policies).toEqual({ can_create: true, can_assign_others: true, can_attach_leads: true });
  });

  it('edits a task a teacher wrote', async () => {
    const own = await create({ title: 'Teacher note', date: TOMORROW }, tokens.teacher);
    const res = await api('PUT', `/reminder/${own.body.id}`, tokens.director, {
      title: 'Teacher note (checked)',
      date: TOMORROW,
      assigned_to: teacher,
    });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Teacher note (checked)');
  });
});

describe('roles without reminders', () => {
  it('refuses a cashier and a marketer (403)', async () => {
    for (const token of [tokens.cashier, tokens.marketer]) {
      expect((await api('POST', '/reminder/index', token, {})).status).toBe(403);
      const created = await create({ title: 'Cash count', date: TODAY }, token);
      expect(created.status).toBe(403);
      expect(created.body.error.code).toBe('forbidden');
    }
  });
});
