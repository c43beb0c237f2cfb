import {
  type ConsoleCompany,
  type ConsoleCompanyList,
  type ConsoleCompanyQuery,
  companyDay,
  companyTimeZone,
  consoleCompanyQuerySchema,
  daysBetween,
  GroupStatus,
  paginate,
  StudentStatus,
} from '@crm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { smsMonthFiguresOf } from '../sms/limits.js';

interface CompanyRow {
  id: number;
  name: string;
  subdomain: string;
  country: string | null;
  time_zone: string | null;
  plan: number | null;
  licence_ends_on: string | null;
  disabled: boolean;
  created_at: string;
}

interface ActivityRow {
  id: number;
  students_active: number;
  last_activity_at: string | null;
}

/** `%` and `_` typed in the search box are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /console/companies: newest first, searched by name or subdomain, with each page's figures. */
export async function listConsoleCompanies(tx: Tx, input: ConsoleCompanyQuery, now: Date): Promise<ConsoleCompanyList> {
  const query = consoleCompanyQuerySchema.parse(input);
  const where = query.search
    ? sql`(c.name ilike ${likePattern(query.search)} or c.subdomain ilike ${likePattern(query.search)})`
    : sql`true`;
  const [total] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from companies c where ${where}`);
  const rows = await companyRows(tx, where, query.per_page, (query.page - 1) * query.per_page);
  const data = await presentCompanies(tx, rows, now);
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}

/** One centre as the list shows it (the answer of every action); 404 when there is none. */
export async function consoleCompanyOf(tx: Tx, companyId: number, now: Date): Promise<ConsoleCompany> {
  const rows = await companyRows(tx, sql`c.id = ${companyId}`, 1, 0);
  const [company] = await presentCompanies(tx, rows, now);
  if (!company) throw notFound();
  return company;
}

function companyRows(tx: Tx, where: SQL, limit: number, offset: number): Promise<CompanyRow[]> {
  return selectRows<CompanyRow>(
    tx,
    sql`select c.id::int as id, c.name, c.subdomain, c.datas->>'country' as country,
        c.datas->>'time_zone' as time_zone,
        case when jsonb_typeof(c.datas->'tariff_student_limit') = 'number'
          then (c.datas->>'tariff_student_limit')::int end as plan,
        c.licence_ends_on::text as licence_ends_on, c.disabled,
        to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from companies c where ${where}
      order by c.id desc limit ${limit} offset ${offset}`,
  );
}

/**
 * The figures of a page of centres in two statements (plus SMS): counts and dates only. Active students as the
 * dashboard counts them: students (not archived) with an active place in a running group, each once.
 */
async function presentCompanies(tx: Tx, rows: CompanyRow[], now: Date): Promise<ConsoleCompany[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const activity = await selectRows<ActivityRow>(
    tx,
    sql`select c.id::int as id,
        (select count(distinct gs.student_id) from group_students gs
          join groups g on g.company_id = gs.company_id and g.id = gs.group_id
            and g.status in (${GroupStatus.selection}, ${GroupStatus.active})
          join users u on u.company_id = gs.company_id and u.id = gs.student_id and u.archived_at is null
          where gs.company_id = c.id and gs.status = ${StudentStatus.active})::int as students_active,
        to_char(greatest(
          (select max(s.created_at) from sessions s where s.company_id = c.id),
          (select max(h.created_at) from history_events h where h.company_id = c.id)
        ) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_activity_at
      from unnest(${pgArray(ids)}::bigint[]) as c(id)`,
  );
  const byId = new Map(activity.map((a) => [a.id, a]));
  const zoneOf = (row: CompanyRow) => ({ country: row.country ?? 'uz', time_zone: row.time_zone });
  const sms = await smsMonthFiguresOf(
    tx,
    rows.map((row) => ({ companyId: row.id, timeZone: companyTimeZone(zoneOf(row)) })),
  );
  return rows.map((row) => {
    const today = companyDay(zoneOf(row), now);
    const figures = byId.get(row.id);
    const month = sms.get(row.id);
    return {
      id: row.id,
      name: row.name,
      subdomain: row.subdomain,
      plan_student_limit: row.plan,
      licence_ends_on: row.licence_ends_on,
      licence_days_left: row.licence_ends_on === null ? null : daysBetween(today, row.licence_ends_on),
      students_active: figures?.students_active ?? 0,
      sms_used: month?.used ?? 0,
      sms_monthly_limit: month?.monthlyLimit ?? 0,
      last_activity_at: figures?.last_activity_at ?? null,
      disabled: row.disabled,
      created_at: row.created_at,
      policies: { can_disable: !row.disabled, can_enable: row.disabled },
    };
  });
}
