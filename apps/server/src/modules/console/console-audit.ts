import {
  type ConsoleAction,
  type ConsoleAuditEntry,
  type ConsoleAuditList,
  type ConsoleAuditQuery,
  consoleAuditQuerySchema,
  paginate,
} from '@crm/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, platformAccounts, platformAuditLog } from '../../db/schema/index.js';

export interface ConsoleAuditRecord {
  accountId: number | null;
  action: ConsoleAction;
  targetCompanyId?: number | null;
  data?: Record<string, unknown>;
  ip: string | null;
}

/** Appends one console action (or log-in attempt) to platform_audit_log, in the caller's transaction. */
export async function recordConsoleAction(tx: Tx, record: ConsoleAuditRecord): Promise<void> {
  await tx.insert(platformAuditLog).values({
    accountId: record.accountId,
    action: record.action,
    targetCompanyId: record.targetCompanyId ?? null,
    data: record.data ?? {},
    ip: record.ip,
  });
}

/** GET /console/audit: latest first, optionally of one centre. */
export async function listConsoleAudit(tx: Tx, input: ConsoleAuditQuery): Promise<ConsoleAuditList> {
  const query = consoleAuditQuerySchema.parse(input);
  const where = query.company_id === undefined ? undefined : eq(platformAuditLog.targetCompanyId, query.company_id);
  const [total] = await tx.select({ n: count() }).from(platformAuditLog).where(where);
  const rows = await tx
    .select({
      id: platformAuditLog.id,
      at: platformAuditLog.at,
      action: platformAuditLog.action,
      data: platformAuditLog.data,
      ip: platformAuditLog.ip,
      accountId: platformAccounts.id,
      accountLogin: platformAccounts.login,
      accountName: platformAccounts.name,
      companyId: companies.id,
      companyName: companies.name,
      companySubdomain: companies.subdomain,
    })
    .from(platformAuditLog)
    .leftJoin(platformAccounts, eq(platformAccounts.id, platformAuditLog.accountId))
    .leftJoin(companies, eq(companies.id, platformAuditLog.targetCompanyId))
    .where(where)
    .orderBy(desc(platformAuditLog.at), desc(platformAuditLog.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const data: ConsoleAuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action as ConsoleAction,
    account:
      row.accountId === null ? null : { id: row.accountId, login: row.accountLogin ?? '', name: row.accountName ?? '' },
    company:
      row.companyId === null
        ? null
        : { id: row.companyId, name: row.companyName ?? '', subdomain: row.companySubdomain ?? '' },
    data: (row.data ?? {}) as Record<string, unknown>,
    ip: row.ip,
  }));
  return { data, pagination: paginate(total?.n ?? 0, query.page, query.per_page, data.length) };
}
