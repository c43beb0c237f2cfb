import { type Lead, StudentStatus } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { leads, users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';
import { nextLeadPhone } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;
let group: number;
let northGroup: number;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
  const teacher = await createTeacher(database.db, w.company.id, {
    name: 'Group Teacher',
    phone: '900000077',
    branchIds: [w.main, w.north],
  });
  group = await createGroupRow(database.db, w.company.id, { branchId: w.main, courseId: w.course, teacherId: teacher });
  northGroup = await createGroupRow(database.db, w.company.id, {
    branchId: w.north,
    courseId: w.course,
    teacherId: teacher,
  });
});

const convert = (leadId: number, groupId = group, token = w.tokens.admin) =>
  w.api(token, 'POST', `/group/lead/${leadId}`, { group_id: groupId });
const studentsOfGroup = async () =>
  (await w.api(w.tokens.admin, 'GET', `/group/${group}/students`)).body.data as {
    student: { id: number; name: string; phone: string };
    student_status: number;
  }[];
const usersWithPhone = (phone: string) =>
  inCompany(database.db, w.company.id, (tx) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, w.company.id), eq(users.phone, phone))),
  );

describe('a lead becomes a student (POST /group/lead/{id})', () => {
  it('makes a new student on trial in the group; the card leaves the board with a delete record', async () => {
    const phone = nextLeadPhone();
    const card = await w.lead({ name: 'Sardor Trial', phone, column: 'set' });
    const before = await w.boardTime();
    const res = await convert(card.id);
    expect(res.status).toBe(200);
    const lead = res.body as Lead;
    expect(lead.student_id).toEqual(expect.any(Number));
    const place = (await studentsOfGroup()).find((s) => s.student.id === lead.student_id);
    expect(place).toMatchObject({ student: { name: 'Sardor Trial', phone }, student_status: StudentStatus.inactive });
    expect(await w.recordsAfter(before)).toEqual([
      expect.objectContaining({
        action: 'delete',
        uuid: card.uuid,
        data: { id: card.id, student_id: lead.student_id, group_id: group },
        location: { column: 'set', section: null },
      }),
    ]);
    const [converted] = await w.historyOf('leadConverted', card.id);
    expect(converted?.data).toMatchObject({ student_id: lead.student_id, group_id: group, new_student: true });
    expect(await w.historyOf('userCreated', lead.student_id as number)).toHaveLength(1);
    const joined = await w.historyOf('studentAddedToGroup', group);
    expect(joined.map((h) => (h.data as { student_id: number }).student_id)).toContain(lead.student_id);
    const [row] = await inCompany(database.db, w.company.id, (tx) =>
      tx.select({ convertedAt: leads.convertedAt }).from(leads).where(eq(leads.id, card.id)),
    );
    expect(row?.convertedAt).toBeInstanceOf(Date);
    const list = await w.api(w.tokens.admin, 'GET', `/leadData?branch_id=${w.main}&search=Sardor`);
    expect(list.body.data).toEqual([]);
  });

  it('takes the current student with the same phone instead of making a second one (any column)', async () => {
    const phone = nextLeadPhone();
    const known = await createStudent(database.db, w.company.id, { name: 'Known Student', phone, branchIds: [w.main] });
    const card = await w.lead({ name: 'Known again', phone, column: 'incoming' });
    const res = await convert(card.id);
    expect(res.status).toBe(200);
    expect(res.body.student_id).toBe(known);
    expect(await usersWithPhone(phone)).toHaveLength(1);
    const [converted] = await w.historyOf('leadConverted', card.id);
    expect(converted?.data).toMatchObject({ new_student: false });
  });

  it('refuses a group of another branch or none, a lead archived or already a student', async () => {
    const card = await w.lead({ name: 'Wrong group', column: 'set' });
    for (const groupId of [northGroup, 99_999_999]) {
      const res = await convert(card.id, groupId);
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'group_id' })]);
    }
    const archived = await w.lead({ name: 'Archived', archiveReasonId: w.reason });
    const fromArchive = await convert(archived.id);
    expect(fromArchive.status).toBe(409);
    expect(fromArchive.body.error.code).toBe('lead_not_on_board');
    expect((await convert(card.id)).status).toBe(200);
    const twice = await convert(card.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('lead_already_student');
  });

  it('refuses when only an archived student has the phone, and the lead stays on the board', async () => {
    const phone = nextLeadPhone();
    await createStudent(database.db, w.company.id, {
      name: 'Left long ago',
      phone,
      branchIds: [w.main],
      archived: true,
    });
    const card = await w.lead({ name: 'Back again', phone, column: 'set' });
    const res = await convert(card.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('student_phone_exists_archived');
    const shown = await w.api(w.tokens.admin, 'GET', `/leadData/${card.id}`);
    expect(shown.body).toMatchObject({ student_id: null, archived_at: null });
  });

  it('is a leads call: a marketer converts, the student routes stay closed to him (decision 0015)', async () => {
    const phone = nextLeadPhone();
    const card = await w.lead({ name: 'Marketer Trial', phone, column: 'set' });
    const res = await convert(card.id, group, w.tokens.marketer);
    expect(res.status).toBe(200);
    const studentId = res.body.student_id as number;
    const place = (await studentsOfGroup()).find((s) => s.student.id === studentId);
    expect(place).toMatchObject({ student: { name: 'Marketer Trial', phone }, student_status: StudentStatus.inactive });
    // History names the marketer, who did it.
    const [converted] = await w.historyOf('leadConverted', card.id);
    const [created] = await w.historyOf('userCreated', studentId);
    expect([converted?.actorId, created?.actorId]).toEqual([w.company.users.marketer.id, w.company.users.marketer.id]);
    // Converting opened nothing else: a marketer still may not make students or list and fill groups.
    const direct = await w.api(w.tokens.marketer, 'POST', '/user', {
      user_type: 'student',
      name: 'Direct',
      phone: nextLeadPhone(),
      branches: [w.main],
    });
    expect(direct.status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'GET', `/group?branch_id=${w.main}`)).status).toBe(403);
    expect((await w.api(w.tokens.marketer, 'POST', `/group/${group}/students/${studentId}`)).status).toBe(403);
  });

  it('refuses a teacher, an admin of another branch and a group the marketer names of another branch', async () => {
    const card = await w.lead({ name: 'Not yours', column: 'set' });
    expect((await convert(card.id, group, w.tokens.teacher)).status).toBe(403);
    const otherBranch = await convert(card.id, group, w.tokens.northAdmin);
    expect(otherBranch.status).toBe(403);
    expect(otherBranch.body.error.code).toBe('branch_forbidden');
    const wrongGroup = await convert(card.id, northGroup, w.tokens.marketer);
    expect(wrongGroup.status).toBe(400);
    expect(wrongGroup.body.error.details).toEqual([expect.objectContaining({ field: 'group_id' })]);
    expect((await convert(99_999_999)).status).toBe(404);
    expect((await w.api(w.tokens.admin, 'POST', `/group/lead/${card.id}`, {})).status).toBe(400);
    const shown = await w.api(w.tokens.admin, 'GET', `/leadData/${card.id}`);
    expect(shown.body).toMatchObject({ student_id: null, archived_at: null, column: 'set' });
  });
});
