import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { appUser, tenantIsolation } from './tenant.js';

/** The tenant itself. Read by subdomain before any tenant is known, so its policy keys on `id`. */
export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    subdomain: text('subdomain').notNull().unique(),
    phone: text('phone'),
    about: text('about'),
    /** Spec §3 "lead about": the text above the public lead form. */
    leadAbout: text('lead_about'),
    logo: text('logo'),
    /** Spec §3 backgrounds: pictures (file URLs) behind the log-in and public pages. */
    backgrounds: jsonb('backgrounds').notNull().default([]),
    datas: jsonb('datas').notNull().default({}),
    startOfWorkingDay: text('start_of_working_day').notNull().default('09:00'),
    endOfWorkingDay: text('end_of_working_day').notNull().default('18:00'),
    disabled: boolean('disabled').notNull().default(false),
    /** The last day the centre's licence covers (spec §2 dashboard "licence days left"); null: none set. */
    licenceEndsOn: date('licence_ends_on'),
    /** Spec §3 "telegram report id": the Telegram chat the daily report goes to; null: none. */
    telegramReportId: text('telegram_report_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pgPolicy('company_isolation', {
      for: 'all',
      to: appUser,
      using: sql`${t.id} = nullif(current_setting('app.company_id', true), '')::bigint`,
    }),
  ],
);

export const branches = pgTable(
  'branches',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    /** Working hours; null: the company's. */
    startOfWorkingDay: text('start_of_working_day'),
    endOfWorkingDay: text('end_of_working_day'),
    /** How to find the branch ("opposite the metro"), for SMS texts ({landmark}). */
    landmark: text('landmark'),
    /** Archived branches keep their history; nobody works in them any more (docs/decisions/0023). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index().on(t.companyId), tenantIsolation(t)],
);
