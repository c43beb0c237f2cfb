import { StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { createStudent } from '../../seed/users-factories.js';
import { clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';
import { nextPhone } from './groups-test-world.js';

const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let student: { id: number; token: string };

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  // The role student (who can log in) studies in the world's group.
  const { id, phone } = w.company.users.student;
  await addStudentToGroupRow(database.db, w.company.id, w.group, id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  student = { id, token: await loginAs(app, w.sub, phone) };
  const comment = (text: string, shown: boolean, about = id) =>
    w.api(w.tokens.teacher, 'POST', '/groupComments', {
      group_id: w.group,
      student_id: about,
      text,
      visible_to_student: shown,
    });
  expect((await comment('Reads well; practise listening at home', true)).status).toBe(200);
  expect((await comment('Parents asked for a call about fees', false)).status).toBe(200);
  await comment('Needs a seat near the board', true, w.pupils.s1);
});

const commentsOf = (token: string, studentId: number) => w.api(token, 'GET', `/user/${studentId}/group-comments`);

describe('comments about a student, in his profile (issue 19)', () => {
  it('staff and his teacher read all of them, newest first, with the group', async () => {
    for (const token of [w.tokens.admin, w.tokens.teacher]) {
      const res = await commentsOf(token, student.id);
      expect(res.status).toBe(200);
      expect(res.body.data.map((c: { text: string }) => c.text)).toEqual([
        'Parents asked for a call about fees',
        'Reads well; practise listening at home',
      ]);
      expect(res.body.data[0]).toMatchObject({ group_title: 'Morning English', visible_to_student: false });
    }
  });

  it('the student reads only those shown to him, and nobody else’s', async () => {
    const own = await commentsOf(student.token, student.id);
    expect(own.status).toBe(200);
    expect(own.body.data.map((c: { text: string }) => c.text)).toEqual(['Reads well; practise listening at home']);
    expect((await commentsOf(student.token, w.pupils.s1)).status).toBe(404);
    // The group's own list stays the staff's and teachers' (spec §6 group comments).
    expect((await w.api(student.token, 'GET', `/groupComments?group_id=${w.group}`)).status).toBe(403);
  });

  it('a note on the whole group is never shown to students', async () => {
    const res = await w.api(w.tokens.teacher, 'POST', '/groupComments', {
      group_id: w.group,
      text: 'Room changes next week',
      visible_to_student: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ student_id: null, visible_to_student: false });
  });

  it('a teacher reads nothing of a student outside his groups', async () => {
    const outsider = await createStudent(database.db, w.company.id, {
      name: 'Outside Student',
      phone: nextPhone(),
      branchIds: [w.main],
    });
    expect((await commentsOf(w.tokens.teacher, outsider)).status).toBe(404);
    expect((await commentsOf(w.tokens.admin, outsider)).body.data).toEqual([]);
  });
});
