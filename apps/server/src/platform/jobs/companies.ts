import { type CompanyDatas, companyDatasSchema } from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

export interface ActiveCompany {
  id: number;
  datas: CompanyDatas;
  startOfWorkingDay: string;
  endOfWorkingDay: string;
  telegramReportId: string | null;
  name: string;
}

/**
 * The companies a dispatch job works for: not disabled, with their settings read (time zone, working day).
 * Read on the owner connection, before any tenant is chosen; each company's work then runs in its tenant.
 * `only`: the companies of one test (tests share a database with other files' companies).
 */
export async function activeCompanies(db: Db, only?: readonly number[]): Promise<ActiveCompany[]> {
  const rows = await db
    .select({
      id: companies.id,
      datas: companies.datas,
      name: companies.name,
      startOfWorkingDay: companies.startOfWorkingDay,
      endOfWorkingDay: companies.endOfWorkingDay,
      telegramReportId: companies.telegramReportId,
    })
    .from(companies)
    .where(and(eq(companies.disabled, false), only ? inArray(companies.id, [...only]) : undefined))
    .orderBy(asc(companies.id));
  return rows.map((row) => ({ ...row, datas: companyDatasSchema.parse(row.datas ?? {}) }));
}
