import {
  type Branch,
  billingSettingsOf,
  type CompanyPublic,
  type CompanySharedInfo,
  companyDatasSchema,
} from '@crm/contracts';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.js';
import { branches, companies } from '../../db/schema/index.js';
import { type Actor, branchFilterOf } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';

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
 * GET /branch: the caller's working branches (owner and CEO: all of the company's), the list every screen
 * chooses from. Archived ones are only in the branch administration (modules/branches).
 */
export async function listBranches(tx: Tx, actor: Actor): Promise<Branch[]> {
  const scope = branchFilterOf(actor);
  const filters: SQL[] = [eq(branches.companyId, actor.companyId), isNull(branches.archivedAt)];
  if (scope) filters.push(inArray(branches.id, scope.length ? scope : [-1]));
  return tx
    .select({
      id: branches.id,
      name: branches.name,
      address: branches.address,
      phone: branches.phone,
      start_of_working_day: branches.startOfWorkingDay,
      end_of_working_day: branches.endOfWorkingDay,
      landmark: branches.landmark,
    })
    .from(branches)
    .where(and(...filters))
    .orderBy(asc(branches.id));
}
