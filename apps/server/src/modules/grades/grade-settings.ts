import {
  canAccess,
  DEFAULT_GRADE_SETTINGS,
  type GradeSettings,
  type GradeSettingsInput,
  type GradeSettingsValues,
  type RatingInProfile,
} from '@crm/contracts';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { gradeSettings, grades } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

/** The company's grade settings, or the defaults while it has saved none. */
export async function readGradeSettings(tx: Tx, companyId: number): Promise<GradeSettingsValues> {
  const [row] = await tx.select().from(gradeSettings).where(eq(gradeSettings.companyId, companyId));
  if (!row) return DEFAULT_GRADE_SETTINGS;
  return {
    max_score: row.maxScore,
    aggregate_by_month: row.aggregateByMonth,
    calculate_average: row.calculateAverage,
    allow_past_dates: row.allowPastDates,
    allow_non_teachers: row.allowNonTeachers,
    rating_in_profile: row.ratingInProfile as RatingInProfile,
    rating_attendance_weight: row.ratingAttendanceWeight,
  };
}

async function gradeCount(tx: Tx, companyId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(grades).where(eq(grades.companyId, companyId));
  return row?.n ?? 0;
}

/** GET /grade-settings. */
export async function gradeSettingsOf(tx: Tx, actor: Actor): Promise<GradeSettings> {
  const values = await readGradeSettings(tx, actor.companyId);
  return {
    ...values,
    grade_count: await gradeCount(tx, actor.companyId),
    policies: { edit: canAccess('gradeSettings', actor.roles) },
  };
}

/**
 * PUT /grade-settings. Spec §5: a new max score deletes the old grades (a 4 of 5 means nothing on a scale of
 * 10). The caller must have been told how many: `delete_grades` equal to the count there is now, else 409
 * with the count, and nothing changes.
 */
export async function saveGradeSettings(tx: Tx, actor: Actor, input: GradeSettingsInput): Promise<GradeSettings> {
  const { delete_grades: agreedToDelete, ...values } = input;
  const before = await readGradeSettings(tx, actor.companyId);
  let deleted = 0;
  if (values.max_score !== before.max_score) {
    const existing = await gradeCount(tx, actor.companyId);
    if (existing > 0 && agreedToDelete !== existing) {
      throw new AppError(409, 'grades_would_be_deleted', { count: existing });
    }
    deleted = existing;
    if (existing > 0) await tx.delete(grades).where(eq(grades.companyId, actor.companyId));
  }
  const row = {
    maxScore: values.max_score,
    aggregateByMonth: values.aggregate_by_month,
    calculateAverage: values.calculate_average,
    allowPastDates: values.allow_past_dates,
    allowNonTeachers: values.allow_non_teachers,
    ratingInProfile: values.rating_in_profile,
    ratingAttendanceWeight: values.rating_attendance_weight,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await tx
    .insert(gradeSettings)
    .values({ companyId: actor.companyId, ...row })
    .onConflictDoUpdate({ target: gradeSettings.companyId, set: row });
  const changed = (Object.keys(values) as (keyof GradeSettingsValues)[]).filter((key) => values[key] !== before[key]);
  if (changed.length > 0) {
    await recordHistory(tx, actor, {
      event: 'gradeSettingsChanged',
      entity: 'company',
      entityId: actor.companyId,
      data: { changed, max_score: values.max_score, previous_max_score: before.max_score, deleted_grades: deleted },
    });
  }
  return gradeSettingsOf(tx, actor);
}
