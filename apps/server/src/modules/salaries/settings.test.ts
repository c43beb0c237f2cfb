import { HistoryEvent } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createStudent } from '../../seed/users-factories.js';
import { createSalariesWorld, type SalariesWorld } from './salaries-test-world.js';

/** Spec §7 /company/{id}/teacher_salary_settings: the rules of pay and their refusals. */
const { app, database } = await openTestApp();
const db = database.db;
let w: SalariesWorld;
let url: string;
beforeAll(async () => {
  w = await createSalariesWorld(app, db, 'rules');
  url = `/company/${w.companyId}/teacher_salary_settings`;
});

const fixed = { type: 'fixed', base: 'per_student_month', amount: 50_000 };

describe('teacher salary settings', () => {
  it('create, list, change and delete a rule, each in the history', async () => {
    const created = await w.api(w.tokens.owner, 'POST', url, fixed);
    expect(created.body).toMatchObject({ teacher: null, course: null, type: 'fixed', amount: 50_000, percent: null });
    const own = await w.api(w.tokens.admin, 'POST', url, {
      teacher_id: w.teacherId,
      course_id: w.courseId,
      type: 'percentage',
      base: 'student_payment',
      percent: 12.5,
    });
    expect(own.body).toMatchObject({ teacher: { id: w.teacherId }, course: { name: 'English' }, percent: 12.5 });

    const list = await w.api(w.tokens.cashier, 'GET', url);
    expect(list.body.data.map((s: { id: number }) => s.id)).toEqual([created.body.id, own.body.id]);
    expect(list.body.teachers.map((t: { id: number }) => t.id)).toContain(w.substituteId);
    expect(list.body.courses).toEqual([{ id: w.courseId, name: 'English' }]);

    const changed = await w.api(w.tokens.admin, 'PUT', `${url}/${own.body.id}`, {
      teacher_id: w.teacherId,
      type: 'fixed',
      base: 'per_course',
      amount: 900_000,
    });
    expect(changed.body).toMatchObject({ course: null, base: 'per_course', amount: 900_000, percent: null });
    expect((await w.api(w.tokens.admin, 'DELETE', `${url}/${own.body.id}`)).body).toEqual({ ok: true });

    const events = await inCompany(db, w.companyId, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.companyId, w.companyId), eq(historyEvents.entity, 'teacher_salary_setting')))
        .orderBy(asc(historyEvents.id)),
    );
    expect(events.every((e) => e.type === HistoryEvent.salarySettingsChanged)).toBe(true);
    expect(events.map((e) => (e.data as { action: string }).action)).toEqual([
      'created',
      'created',
      'updated',
      'deleted',
    ]);
  });

  it('refuses a rule that does not add up, with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'percentage', base: 'per_student_month', percent: 10 }, 'type'],
      [{ type: 'fixed', base: 'per_course' }, 'amount'],
      [{ type: 'percentage', base: 'student_payment', percent: 150 }, 'percent'],
      [{ type: 'percentage', base: 'student_payment', percent: 10.125 }, 'percent'],
      [{ ...fixed, amount: -5 }, 'amount'],
      [{ ...fixed, base: 'per_hour' }, 'base'],
    ];
    for (const [body, field] of cases) {
      const res = await w.api(w.tokens.owner, 'POST', url, { teacher_id: w.substituteId, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const student = await createStudent(db, w.companyId, {
      name: 'Not a teacher',
      phone: '941000001',
      branchIds: [w.main],
    });
    const notTeacher = await w.api(w.tokens.owner, 'POST', url, { ...fixed, teacher_id: student });
    expect(notTeacher.body.error.code).toBe('not_a_teacher');
    const course = await w.api(w.tokens.owner, 'POST', url, {
      ...fixed,
      teacher_id: w.substituteId,
      course_id: 999_999,
    });
    expect(course.body.error.details[0]).toMatchObject({ field: 'course_id' });
  });

  it('allows one rule per teacher and course', async () => {
    await w.api(w.tokens.owner, 'POST', url, { ...fixed, course_id: w.courseId });
    const dup = await w.api(w.tokens.owner, 'POST', url, { ...fixed, course_id: w.courseId, amount: 1 });
    expect(dup.status).toBe(400);
    expect(dup.body.error.details[0]).toMatchObject({ field: 'teacher_id', rule: 'unique' });
  });

  it("leaves the company's rules to owner and CEO, and teachers of other branches alone", async () => {
    expect((await w.api(w.tokens.admin, 'POST', url, { ...fixed, amount: 7 })).status).toBe(403);
    const outsider = await w.api(w.tokens.secondDirector, 'POST', url, { ...fixed, teacher_id: w.substituteId });
    expect(outsider.body.error.code).toBe('not_a_teacher');
    expect((await w.api(w.tokens.cashier, 'POST', url, { ...fixed, teacher_id: w.substituteId })).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', url)).status).toBe(403);
  });

  it("answers 404 for another company's rules", async () => {
    const other = await createSalariesWorld(app, db, 'rules-other');
    const rule = await other.setting({ ...fixed, teacher_id: other.substituteId });
    expect((await w.api(w.tokens.owner, 'GET', `/company/${other.companyId}/teacher_salary_settings`)).status).toBe(
      404,
    );
    expect((await w.api(w.tokens.owner, 'PUT', `${url}/${rule.id}`, fixed)).status).toBe(404);
    expect((await w.api(w.tokens.owner, 'DELETE', `${url}/${rule.id}`)).status).toBe(404);
  });
});
