import { salaryCalculations, teacherSalarySettings } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import type { ForeignRows } from '../helpers.js';

/** A rule of pay and a salary draft of the other company, for the settings and /salaries/{id} routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { setting, salary } = await inCompany(db, foreign.id, async (tx) => {
    const [rule] = await tx
      .insert(teacherSalarySettings)
      .values({ companyId: foreign.id, type: 'fixed', base: 'per_course', amount: 1_000_000 })
      .returning({ id: teacherSalarySettings.id });
    const [draft] = await tx
      .insert(salaryCalculations)
      .values({
        companyId: foreign.id,
        branchId: foreign.branchIds[0]!,
        teacherId: foreign.users.teacher.id,
        month: '2025-03-01',
        amount: 1_000_000,
        lessonCount: 12,
        studentCount: 0,
        inputsHash: 'foreign',
      })
      .returning({ id: salaryCalculations.id });
    return { setting: rule!.id, salary: draft!.id };
  });
  // Valid bodies, so the 404 is not hidden behind a 400.
  const rule = { type: 'fixed', base: 'per_course', amount: 500_000 };
  return {
    '/api/v1/company/:id/teacher_salary_settings': { params: { id: foreign.id }, bodies: { POST: rule } },
    '/api/v1/company/:id/teacher_salary_settings/:setting_id': {
      params: { id: foreign.id, setting_id: setting },
      bodies: { PUT: rule },
    },
    '/api/v1/salaries/:id': { params: { id: salary } },
    '/api/v1/salaries/:id/publish': { params: { id: salary }, bodies: { POST: { method: 'cash' } } },
    '/api/v1/salaries/:id/unpublish': { params: { id: salary }, bodies: { POST: { reason: 'Mistake' } } },
  };
};
