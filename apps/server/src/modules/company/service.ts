import {
  type Branch,
  billingSettingsOf,
  type CompanyPublic,
  type CompanySettingsUpdate,
  type CompanySharedInfo,
  canonicalTimeZone,
  companyDatasSchema,
} from '@crm/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { branches, companies } from '../../db/schema/index.js';
import { type Actor, branchFilterOf } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';

type CompanyRow = typeof companies.$inferSelect;

function toSharedInfo(row: CompanyRow): CompanySharedInfo {
  const datas = companyDatasSchema.parse(row.datas ?? {});
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    logo: row.logo,
    start_of_working_day: row.startOfWorkingDay,
    end_of_working_day: row.endOfWorkingDay,
    company_type: datas.company_type,
    country: datas.country,
    locale: datas.locale,
    theme_color: datas.theme_color,
  };
}

/** Read before a tenant is known (log-in page, log-in), so it runs outside a company transaction. */
export async function findCompanyBySubdomain(db: Queryable, subdomain: string) {
  const [row] = await db.select().from(companies).where(eq(companies.subdomain, subdomain)).limit(1);
  return row ? { ...toSharedInfo(row), disabled: row.disabled } : undefined;
}

export async function findCompanyPublic(tx: Queryable, companyId: number): Promise<CompanyPublic> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId));
  if (!row) throw notFound();
  const datas = companyDatasSchema.parse(row.datas ?? {});
  const billing = billingSettingsOf(datas);
  return {
    ...toSharedInfo(row),
    phone: row.phone,
    datas: {
      company_type: datas.company_type,
      country: datas.country,
      locale: datas.locale,
      theme_color: datas.theme_color,
      scoring_module_is_enabled: datas.scoring_module_is_enabled,
      gamification: datas.gamification,
      lesson_start_time_step_five_minutes: datas.lesson_start_time_step_five_minutes,
      onboarded: datas.onboarded,
      teacher_attendance_only_during_lesson: datas.teacher_attendance_only_during_lesson,
      time_zone: datas.time_zone,
      // The values the billing engine uses (an unknown stored value reads as the default).
      student_payment_mode: billing.mode,
      lessons_per_month_status: billing.lessonsPerMonth,
    },
  };
}

/** Spec §7 GET /company/{id}: only one's own company exists for the caller. */
export function assertOwnCompany(actor: Actor, companyId: number): void {
  if (companyId !== actor.companyId) throw notFound();
}

/**
 * PUT /company/{id}/datas: the teacher and timetable switches of the settings page.
 * Only the given keys change and every other key of datas is kept (merged in SQL, so
 * a concurrent change of another key is not lost). The history event names what
 * changed, before and after; a save that changes nothing writes none.
 */
export async function updateCompanySettings(
  tx: Tx,
  actor: Actor,
  companyId: number,
  input: CompanySettingsUpdate,
): Promise<CompanyPublic> {
  assertOwnCompany(actor, companyId);
  const patch: Record<string, unknown> = { ...input };
  if (input.time_zone) {
    const zone = canonicalTimeZone(input.time_zone);
    if (!zone) {
      throw new AppError(400, 'validation_failed', [
        { field: 'time_zone', rule: 'time_zone', message: `Unknown time zone ${input.time_zone}` },
      ]);
    }
    patch.time_zone = zone;
  }
  const [row] = await tx
    .select({ datas: companies.datas })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!row) throw notFound();
  const before = companyDatasSchema.parse(row.datas ?? {});
  const changed = Object.keys(patch).filter(
    (key) => patch[key] !== undefined && patch[key] !== before[key as keyof typeof before],
  );
  if (changed.length) {
    const set = Object.fromEntries(changed.map((key) => [key, patch[key]]));
    await tx
      .update(companies)
      .set({ datas: sql`coalesce(${companies.datas}, '{}'::jsonb) || ${JSON.stringify(set)}::jsonb` })
      .where(eq(companies.id, companyId));
    await recordHistory(tx, actor, {
      event: 'companySettingsChanged',
      entity: 'company',
      entityId: companyId,
      data: {
        before: Object.fromEntries(changed.map((key) => [key, before[key as keyof typeof before]])),
        after: set,
      },
    });
  }
  return findCompanyPublic(tx, companyId);
}

/** GET /branch: the caller's branches (owner and CEO: all of the company's). */
export async function listBranches(tx: Tx, actor: Actor): Promise<Branch[]> {
  const scope = branchFilterOf(actor);
  const filters: SQL[] = [eq(branches.companyId, actor.companyId)];
  if (scope) filters.push(inArray(branches.id, scope.length ? scope : [-1]));
  return tx
    .select({ id: branches.id, name: branches.name, address: branches.address })
    .from(branches)
    .where(and(...filters))
    .orderBy(asc(branches.id));
}
