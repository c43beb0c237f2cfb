import { sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy, pgRole } from 'drizzle-orm/pg-core';

/** The role request queries run as: no BYPASSRLS, owns no table (migration 0000 creates it). */
export const appUser = pgRole('app_user').existing();

/**
 * Row-level security of every tenant table (ARCHITECTURE.md "Tenancy"): a row is
 * visible and writable only while `app.company_id` names its company. After a
 * transaction the setting reads as '' rather than null, hence nullif.
 */
export const tenantIsolation = (t: { companyId: AnyPgColumn }) =>
  pgPolicy('tenant_isolation', {
    for: 'all',
    to: appUser,
    using: sql`${t.companyId} = nullif(current_setting('app.company_id', true), '')::bigint`,
    withCheck: sql`${t.companyId} = nullif(current_setting('app.company_id', true), '')::bigint`,
  });
