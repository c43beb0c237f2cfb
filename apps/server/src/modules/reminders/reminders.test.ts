import { GroupStatus, HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groups as groupRows, users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { releaseReminderLinks } from './reminder-links.js';
import { openRemindersWorld, TODAY, TOMORROW } from './reminders-test-world.js';

const world = await openRemindersWorld();
const { api, tokens, branches, people, groups, leads, tags } = world;

const create = (body: object, token = tokens.admin, branchId = branches.main) =>
  api('POST', `/reminder?branch_id=${branchId}`, token, body);
const list = (body: object = {}, token = tokens.admin, query = '') =>
  api('POST', `/reminder/index${query}`, token, body);
const allTasks = async (token = tokens.admin) => {
  const res = await list({ status: 'all' }, token);
  expect(res.status).toBe(200);
  return ['overdue', 'today', 'future', 'done'].flatMap((bucket) => res.body[bucket].data);
};

describe('POST /reminder', () => {
  it('refuses a task without title and date, naming both fields in the caller’s language', async () => {
    const res = await api('POST', `/reminder?branch_id=${branches.main}`, tokens.admin, { title: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const fields = res.body.error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(['date', 'title']);
    for (const detail of res.body.error.details) {
      expect(detail.rule).toBe('required');
      expect(detail.message).toEqual(expect.any(String));
    }
    // Nothing was written.
    expect((await allTasks()).map((t: { title: string }) => t.title)).not.toContain('   ');
  });

  it('creates a task with assignee, tags and a student; the list and the history show it', async () => {
    const res = await create({
      title: 'Call Ali’s parents',
      description: 'About the March payment',
      date: TODAY,
      time: '15:00',
      assigned_to: world.company.users.teacher.id,
      tag_ids: [tags.call, tags.urgent],
      student_id: people.ali,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 0,
      state: 'active',
      title: 'Call Ali’s parents',
      description: 'About the March payment',
      date: TODAY,
      time: '15:00',
      // 15:00 in Tashkent.
      due_at: '2025-03-04T10:00:00.000Z',
      assigned_to: { id: world.company.users.teacher.id, name: 'Kamola Ergasheva' },
      created_by: { id: world.company.users.admin.id, name: 'Malika Yusupova' },
      student: { id: people.ali, name: 'Ali Student' },
      lead: null,
      group: null,
      branch_id: branches.main,
      result_comment: null,
      policies: { can_edit: true, can_delete: true, can_change_status: true },
    });
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(['Call', 'Urgent']);

    const [event] = await world.eventsOf(res.body.id);
    expect(event).toMatchObject({
      type: HistoryEvent.reminderCreated,
      actorId: world.company.users.admin.id,
      branchId: branches.main,
      data: {
        title: 'Call Ali’s parents',
        date: TODAY,
        time: '15:00',
        assignee_name: 'Kamola Ergasheva',
        student_id: people.ali,
        student_name: 'Ali Student',
      },
    });
  });

  it('makes a task without time due at the start of the working day, and without assignee the author’s', async () => {
    const res = await create({ title: 'Open the office', date: TOMORROW });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ time: '09:00', assigned_to: { id: world.company.users.admin.id } });
  });

  it('attaches a task to a lead or a group', async () => {
    const lead = await create({ title: 'Confirm the trial', date: TOMORROW, lead_id: leads.dono });
    expect(lead.body.lead).toEqual({ id: leads.dono, name: 'Dono Lead' });
    const group = await create({ title: 'Certificates', date: TOMORROW, group_id: groups.alpha });
    expect(group.body.group).toEqual({ id: groups.alpha, name: 'Alpha' });
  });

  it('refuses what a task may not point at, by field', async () => {
    const cases: [object, string][] = [
      [{ tag_ids: [tags.lead] }, 'tag_ids'],
      [{ assigned_to: world.company.users.cashier.id }, 'assigned_to'],
      [{ assigned_to: world.company.users.student.id }, 'assigned_to'],
      [{ student_id: people.otherStudent }, 'student_id'],
      [{ student_id: world.company.users.admin.id }, 'student_id'],
      [{ lead_id: 987_654 }, 'lead_id'],
      [{ group_id: 987_654 }, 'group_id'],
    ];
    for (const [refs, field] of cases) {
      const res = await create({ title: 'Bad', date: TODAY, ...refs });
      expect(res.status, field).toBe(400);
      expect(res.body.error.details[0].field).toBe(field);
    }
  });

  it('refuses an assignee who does not work in the task’s branch', async () => {
    const res = await create(
      { title: 'North task', date: TODAY, assigned_to: people.mainAdmin },
      tokens.admin,
      branches.north,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('assigned_to');
  });

  it('refuses a branch the caller does not work in', async () => {
    const res = await create({ title: 'North task', date: TODAY }, tokens.mainAdmin, branches.north);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('branch_forbidden');
  });
});

describe('PUT and DELETE /reminder/{id}', () => {
  it('replaces the task and records what it was and became', async () => {
    const made = await create({ title: 'Draft', date: TODAY, time: '16:00', tag_ids: [tags.call] });
    const res = await api('PUT', `/reminder/${made.body.id}`, tokens.admin, {
      title: 'Final',
      date: TOMORROW,
      time: '11:30',
      tag_ids: [tags.urgent],
      group_id: groups.beta,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Final', date: TOMORROW, time: '11:30', group: { name: 'Beta' } });
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(['Urgent']);
    const events = await world.eventsOf(made.body.id);
    expect(events.map((e) => e.type)).toEqual([HistoryEvent.reminderCreated, HistoryEvent.reminderEdited]);
    expect(events[1]?.data).toMatchObject({
      title: 'Final',
      before: { title: 'Draft', date: TODAY, time: '16:00' },
      after: { title: 'Final', date: TOMORROW, time: '11:30', group_title: 'Beta' },
    });
  });

  it('refuses an edit without title or date', async () => {
    const made = await create({ title: 'Keep me', date: TODAY });
    const res = await api('PUT', `/reminder/${made.body.id}`, tokens.admin, { title: '', date: 'tomorrow' });
    expect(res.status).toBe(400);
    expect([...new Set(res.body.error.details.map((d: { field: string }) => d.field))].sort()).toEqual([
      'date',
      'title',
    ]);
  });

  it('deletes a task: gone from the list, its deletion in the history', async () => {
    const made = await create({ title: 'Throw away', date: TODAY, time: '18:00' });
    const res = await api('DELETE', `/reminder/${made.body.id}`, tokens.admin);
    expect(res.status).toBe(200);
    expect((await allTasks()).map((t: { id: number }) => t.id)).not.toContain(made.body.id);
    const events = await world.eventsOf(made.body.id);
    expect(events.at(-1)).toMatchObject({ type: HistoryEvent.reminderDeleted, data: { title: 'Throw away' } });
    expect((await api('DELETE', `/reminder/${made.body.id}`, tokens.admin)).status).toBe(404);
  });
});

describe('POST /reminder/{id}/status', () => {
  it('marks a task done with its result comment, and back to active', async () => {
    const made = await create({ title: 'Call the parents', date: TODAY, time: '17:00' });
    const done = await api('POST', `/reminder/${made.body.id}/status`, tokens.admin, {
      status: 1,
      comment: 'They pay on Friday',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 1, state: 'done', result_comment: 'They pay on Friday' });
    const doneList = await list({ status: 'done' });
    expect(doneList.body.done.data.map((t: { id: number }) => t.id)).toContain(made.body.id);

    // Asking again for what it already is writes nothing.
    await api('POST', `/reminder/${made.body.id}/status`, tokens.admin, {
      status: 'done',
      comment: 'They pay on Friday',
    });

    const reopened = await api('POST', `/reminder/${made.body.id}/status`, tokens.admin, { status: 0 });
    expect(reopened.body).toMatchObject({ status: 0, state: 'active', result_comment: null });
    const active = await list();
    expect(active.body.today.data.map((t: { id: number }) => t.id)).toContain(made.body.id);

    const events = (await world.eventsOf(made.body.id)).filter((e) => e.type === HistoryEvent.reminderStatusChanged);
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ status: 1, comment: 'They pay on Friday' }),
      expect.objectContaining({ status: 0, comment: 'They pay on Friday' }),
    ]);
  });

  it('refuses a status other than active or done', async () => {
    const made = await create({ title: 'Status', date: TODAY });
    const res = await api('POST', `/reminder/${made.body.id}/status`, tokens.admin, { status: 2 });
    expect(res.status).toBe(400);
  });
});

describe('another company’s task', () => {
  it('is not found for editing, deleting or ticking off, and never listed', async () => {
    const body = { title: 'Mine now', date: TODAY };
    expect((await api('PUT', `/reminder/${world.otherTask}`, tokens.owner, body)).status).toBe(404);
    expect((await api('DELETE', `/reminder/${world.otherTask}`, tokens.owner)).status).toBe(404);
    expect((await api('POST', `/reminder/${world.otherTask}/status`, tokens.owner, { status: 1 })).status).toBe(404);
    expect((await allTasks(tokens.owner)).map((t: { title: string }) => t.title)).not.toContain('Other company task');
  });
});

describe('releaseReminderLinks', () => {
  it('lets a student and a group be deleted for good: their tasks stay, about nobody', async () => {
    const db = world.database.db;
    const companyId = world.company.id;
    const student = await createStudent(db, companyId, {
      name: 'Leaving Student',
      phone: '977000010',
      branchIds: [branches.main],
    });
    const course = await createCourse(db, companyId, { name: 'Leaving course' });
    const group = await createGroupRow(db, companyId, {
      branchId: branches.main,
      courseId: course,
      teacherId: world.company.users.teacher.id,
      status: GroupStatus.archive,
    });
    const [aboutStudent, aboutGroup] = await world.insertTasks([
      {
        branchId: branches.main,
        title: 'About the student',
        date: TODAY,
        time: '18:00',
        assignedTo: world.company.users.admin.id,
        createdBy: world.company.users.admin.id,
        studentId: student,
      },
      {
        branchId: branches.main,
        title: 'About the group',
        date: TODAY,
        time: '18:00',
        assignedTo: world.company.users.admin.id,
        createdBy: world.company.users.admin.id,
        groupId: group,
      },
    ]);
    await inCompany(db, companyId, async (tx) => {
      await releaseReminderLinks(tx, companyId, { userIds: [student], groupIds: [group] });
      await tx.delete(users).where(and(eq(users.companyId, companyId), eq(users.id, student)));
      await tx.delete(groupRows).where(and(eq(groupRows.companyId, companyId), eq(groupRows.id, group)));
    });
    const tasks = await allTasks();
    const find = (id: number | undefined) => tasks.find((t: { id: number }) => t.id === id);
    expect(find(aboutStudent)).toMatchObject({ title: 'About the student', student: null });
    expect(find(aboutGroup)).toMatchObject({ title: 'About the group', group: null });
  });
});
