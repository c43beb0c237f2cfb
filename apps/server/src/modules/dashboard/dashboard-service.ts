import {
  companyDatasSchema,
  companyTimeZone,
  DASHBOARD_FILTERS_FROM_GROUPS,
  DASHBOARD_LOG_COUNT,
  DASHBOARD_MONTHS,
  DAY_TYPES,
  type Dashboard,
  type DashboardQuery,
  daysBetween,
  type PartInformation,
  zonedDateTime,
} from '@crm/contracts';
import { eq, isNull, or, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { companies, historyEvents } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { listHistoryPage } from '../../platform/history.js';
import { AnswerCache, companyVersion } from './dashboard-cache.js';
import { countersOf, debtorsOf, studentsCard } from './dashboard-counters.js';
import { type DashboardScope, dashboardPolicies, dashboardScope, monthsOf, percentOf } from './dashboard-scope.js';
import { leadCardsOf, moneyOfMonth, monthlyOf } from './dashboard-trends.js';

/** The company's today and zone, and its licence (one read of the company row). */
async function companyDay(tx: Tx, companyId: number, now: Date) {
  const [row] = await tx
    .select({ datas: companies.datas, licenceEndsOn: companies.licenceEndsOn })
    .from(companies)
    .where(eq(companies.id, companyId));
  const timeZone = companyTimeZone(companyDatasSchema.parse(row?.datas ?? {}));
  const today = zonedDateTime(now, timeZone).date;
  const endsOn = row?.licenceEndsOn ?? null;
  const licence = endsOn ? { ends_on: endsOn, days_left: daysBetween(today, endsOn) } : null;
  return { today, timeZone, licence };
}

/** The card filters' choices: only for a branch with more than DASHBOARD_FILTERS_FROM_GROUPS running groups. */
async function filterOptionsOf(tx: Tx, scope: DashboardScope): Promise<Dashboard['filter_options']> {
  if (scope.branchId === null) return null;
  const rows = await selectRows<{ kind: 'course' | 'teacher' | 'day'; id: number; name: string }>(
    tx,
    sql`with branch_groups as (select g.course_id, g.teacher_id, g.day_type from groups g
        where g.company_id = ${scope.companyId} and g.branch_id = ${scope.branchId} and g.status in (1, 2))
      select 'course' as kind, c.id::int as id, c.name from courses c
        where c.company_id = ${scope.companyId} and c.id in (select course_id from branch_groups)
          and (select count(*) from branch_groups) > ${DASHBOARD_FILTERS_FROM_GROUPS}
      union all
      select 'teacher', u.id::int, u.name from users u
        where u.company_id = ${scope.companyId} and u.id in (select teacher_id from branch_groups)
          and (select count(*) from branch_groups) > ${DASHBOARD_FILTERS_FROM_GROUPS}
      union all
      select distinct 'day', 0, day_type from branch_groups
        where (select count(*) from branch_groups) > ${DASHBOARD_FILTERS_FROM_GROUPS}
      order by 1, 3`,
  );
  if (!rows.length) return null;
  const of = (kind: 'course' | 'teacher') =>
    rows.filter((row) => row.kind === kind).map(({ id, name }) => ({ id, name }));
  const days = new Set(rows.filter((row) => row.kind === 'day').map((row) => row.name));
  return { courses: of('course'), teachers: of('teacher'), day_types: DAY_TYPES.filter((day) => days.has(day)) };
}

/** The counters alone (spec §7 /partInformation); the dashboard adds the trends to them. */
export async function partInformation(
  tx: Tx,
  actor: Actor,
  now: Date,
  query: DashboardQuery,
  known?: Awaited<ReturnType<typeof companyDay>>,
) {
  const scope = dashboardScope(actor, query);
  const policies = dashboardPolicies(actor, scope);
  const day = known ?? (await companyDay(tx, actor.companyId, now));
  const month = monthsOf(day.today).thisMonth;
  const counters = await countersOf(tx, scope, month);
  const debtors = scope.teacher ? null : await debtorsOf(tx, scope);
  const leadCards =
    policies.leads && scope.branchId !== null
      ? await leadCardsOf(tx, { ...scope, branchId: scope.branchId }, month, day.timeZone, query.course_id)
      : null;
  const answer: PartInformation = {
    branch_id: scope.branchId,
    scope: scope.teacher ? 'teacher' : 'branch',
    today: day.today,
    policies,
    groups: { active: counters.active_groups, selection: counters.selection_groups },
    students: studentsCard(counters),
    left_this_month: counters.left_this_month,
    leads: leadCards?.leads ?? null,
    debtors: debtors && { count: debtors.count, total_debt: policies.money ? debtors.total : null },
    // The licence is the centre's business, not a teacher's.
    licence: scope.teacher ? null : day.licence,
  };
  return { answer, scope, day, month, counters, leadCards };
}

const answers = new AnswerCache<Dashboard>();

/**
 * GET /dashboard: every card of the home page in one answer (issue 14). An answer already computed for the
 * same company version, day, scope, filters and roles is given again (dashboard-cache.ts): at ~7 statements a
 * computation, a branch's staff opening their home page between two changes cost one of them.
 */
export async function dashboard(tx: Tx, actor: Actor, now: Date, query: DashboardQuery): Promise<Dashboard> {
  const scope = dashboardScope(actor, query);
  const day = await companyDay(tx, actor.companyId, now);
  const key = JSON.stringify([
    actor.companyId,
    await companyVersion(tx, actor.companyId),
    // A new company day is a new month's figures or one licence day less.
    day.today,
    day.licence?.ends_on ?? null,
    scope.teacher ? `teacher:${actor.id}` : `branch:${scope.branchId}`,
    query.course_id ?? null,
    query.teacher_id ?? null,
    query.day_type ?? null,
    [...actor.roles].sort(),
  ]);
  const cached = answers.get(key);
  if (cached) return cached;
  const fresh = await computeDashboard(tx, actor, now, query, day);
  answers.set(key, fresh);
  return fresh;
}

async function computeDashboard(
  tx: Tx,
  actor: Actor,
  now: Date,
  query: DashboardQuery,
  known: Awaited<ReturnType<typeof companyDay>>,
): Promise<Dashboard> {
  const { answer, scope, day, month, counters, leadCards } = await partInformation(tx, actor, now, query, known);
  const { policies } = answer;
  const monthly = await monthlyOf(tx, scope, day.today, DASHBOARD_MONTHS);
  const months = monthsOf(day.today);
  const logs =
    policies.logs && scope.branchId !== null
      ? await listHistoryPage(
          tx,
          actor.companyId,
          [or(eq(historyEvents.branchId, scope.branchId), isNull(historyEvents.branchId)) ?? sql`true`],
          { page: 1, per_page: DASHBOARD_LOG_COUNT },
        )
      : null;
  return {
    ...answer,
    month,
    filter_options: await filterOptionsOf(tx, scope),
    attendance: {
      present: counters.present,
      absent: counters.absent,
      percent: percentOf(counters.present, counters.present + counters.absent),
    },
    funnel: leadCards?.funnel ?? null,
    lead_sources: leadCards?.sources ?? null,
    money: policies.money
      ? {
          this_month: moneyOfMonth(monthly.at(-1), months.thisMonth),
          last_month: moneyOfMonth(monthly.at(-2), months.lastMonth),
        }
      : null,
    monthly: monthly.map((row) => ({
      month: row.month,
      active_students: row.active_students,
      payments: policies.money ? row.payments : null,
    })),
    logs: logs?.data ?? null,
  };
}
