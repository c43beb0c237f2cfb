import { addDays, companyDay, StudentStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp } from '../../../test/helpers.js';
import { type BillingWorld, createBillingWorld } from '../billing/billing-test-world.js';

/**
 * Spec §7 GET /RefundTheStudentForTheGroupController (refund-preview.ts): what leaving a group with
 * return_the_money would give back, checked against the leaving itself. The request acts now, so the course
 * runs around today: by course, four weeks begun and two months to go, the whole course charged at its start.
 */
const { app, database } = await openTestApp();
let w: BillingWorld;
let admin: string;
const today = companyDay({ country: 'uz' });
const start = addDays(today, -28);

beforeAll(async () => {
  w = await createBillingWorld(database.db, {
    mode: 'by_course',
    lessonsPerMonth: 'dynamic',
    roleUsers: true,
    group: { startDate: start, endDate: addDays(today, 60) },
    holidays: [],
  });
  admin = await loginAs(app, w.subdomain, '900000002');
});

const api = (url: string, token = admin, method: 'GET' | 'PUT' = 'GET') =>
  call(app, { method, url: `/api/v1${url}`, sub: w.subdomain, token });
const preview = (query: string, token = admin) => api(`/RefundTheStudentForTheGroupController?${query}`, token);

/** A student active in the group from its start, his course charged as the daily run charges it. */
async function chargedStudent() {
  const student = await w.addStudent({ createdDate: start });
  await w.billAgain(today);
  expect(Object.values(await w.owed(student))).toEqual([expect.any(Number)]);
  return student;
}

describe('the refund preview', () => {
  it('says what leaving today gives back, books nothing, and the leaving then does just that', async () => {
    const student = await chargedStudent();
    const entries = (await w.entries(student)).length;
    const res = await preview(`student_id=${student}&group_id=${w.groupId}`);
    expect(res.status).toBe(200);
    const p = res.body;
    expect(p).toMatchObject({ student_id: student, group_id: w.groupId });
    // The whole course was charged; the lessons from today on come back.
    expect(p.group_balance).toBeLessThan(0);
    expect(p.returned).toBeGreaterThan(0);
    expect(p.returned).toBe(p.reversed - p.charged);
    expect(p.group_balance_after).toBe(p.group_balance + p.returned);
    expect(p.balance_after).toBe(p.balance + p.returned);

    expect((await w.entries(student)).length).toBe(entries);
    const places = (await api(`/student/${student}/groups`)).body.data;
    expect(places[0]).toMatchObject({ student_status: StudentStatus.active, left_date: null });

    const left = await api(
      `/group/${w.groupId}/student/${student}/${StudentStatus.archived}?return_the_money=1&comment=Moving`,
      admin,
      'PUT',
    );
    expect(left.status).toBe(200);
    const balance = (await api(`/user/${student}/balance`)).body;
    expect(balance.balance).toBe(p.balance_after);
    expect(balance.groups).toEqual([expect.objectContaining({ balance: p.group_balance_after })]);

    const again = await preview(`student_id=${student}&group_id=${w.groupId}`);
    expect(again.body.error.details).toEqual([expect.objectContaining({ rule: 'archived_in_group' })]);
  });

  it('gives back more the earlier he would leave', async () => {
    const student = await chargedStudent();
    const now = (await preview(`student_id=${student}&group_id=${w.groupId}`)).body;
    const earlier = (await preview(`student_id=${student}&group_id=${w.groupId}&date=${addDays(today, -14)}`)).body;
    expect(earlier.date).toBe(addDays(today, -14));
    expect(now.returned).toBeGreaterThan(0);
    expect(earlier.returned).toBeGreaterThan(now.returned);
  });

  it('refuses a date before he joined, a student not in the group, and a group out of reach', async () => {
    const student = await chargedStudent();
    const before = await preview(`student_id=${student}&group_id=${w.groupId}&date=${addDays(start, -1)}`);
    expect(before.body.error.details).toEqual([expect.objectContaining({ field: 'date', rule: 'before_joining' })]);
    const stranger = await w.createStudent();
    const notIn = await preview(`student_id=${stranger}&group_id=${w.groupId}`);
    expect([notIn.status, notIn.body.error.code]).toEqual([404, 'student_not_in_group']);
    expect((await preview(`student_id=${student}&group_id=999999`)).status).toBe(404);
  });

  it('is for the students area: a teacher or a marketer is refused', async () => {
    const student = await chargedStudent();
    for (const phone of ['900000006', '900000005']) {
      const token = await loginAs(app, w.subdomain, phone);
      expect((await preview(`student_id=${student}&group_id=${w.groupId}`, token)).status).toBe(403);
    }
  });
});
