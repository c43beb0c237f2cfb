import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './companies.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/**
 * A form of the form builder (issue 20): a public form, an audit form sent to the centre's own students, or a
 * lead form whose answers become leads. `fields` holds contracts `FormField[]` exactly as validated; the
 * answers are checked against the fields of the form when they arrive. Written only by modules/forms.
 */
export const forms = pgTable(
  'forms',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** contracts FORM_KINDS: 'form', 'audit' or 'lead'. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').notNull(),
    /** 'draft' or 'published'; only a published form takes answers. */
    status: text('status').notNull().default('draft'),
    successText: text('success_text').notNull().default(''),
    pixelId: text('pixel_id'),
    /** A lead form's header picture (its served address) and where its leads land. */
    image: text('image'),
    branchId: bigint('branch_id', { mode: 'number' }),
    sectionId: bigint('section_id', { mode: 'number' }),
    sourceId: bigint('source_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index().on(t.companyId, t.kind, t.id),
    tenantIsolation(t),
  ],
);

/**
 * One answer to a form: the values by field key, when and from where (utm parameters, referrer, address), and,
 * for an audit form, the student, group and teacher it was about; for a lead form, the lead it made.
 */
export const formAnswers = pgTable(
  'form_answers',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    values: jsonb('values').notNull(),
    source: jsonb('source').notNull().default({}),
    ip: text('ip'),
    studentId: bigint('student_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    teacherId: bigint('teacher_id', { mode: 'number' }),
    leadId: bigint('lead_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.formId], foreignColumns: [forms.companyId, forms.id] }).onDelete('cascade'),
    index().on(t.companyId, t.formId, t.createdAt),
    tenantIsolation(t),
  ],
);

/**
 * A personal link of an audit form: one per student and group, sent by SMS; answered once (`answer_id`). The
 * token is the only secret of the link, so it is long and random.
 */
export const formAuditLinks = pgTable(
  'form_audit_links',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull(),
    teacherId: bigint('teacher_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    answerId: bigint('answer_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.token] }),
    foreignKey({ columns: [t.companyId, t.formId], foreignColumns: [forms.companyId, forms.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex().on(t.companyId, t.formId, t.studentId, t.groupId),
    tenantIsolation(t),
  ],
);

/** A public landing page built from blocks (contracts `LandingBlock[]`). Written only by modules/forms. */
export const landingPages = pgTable(
  'landing_pages',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    blocks: jsonb('blocks').notNull(),
    pixelId: text('pixel_id'),
    status: text('status').notNull().default('draft'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex().on(t.companyId, t.slug), tenantIsolation(t)],
);

/** The company's own log-in page words (the logo and backgrounds are the company's pictures). */
export const loginLooks = pgTable(
  'login_looks',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    /** The welcome text by language (uz, ru, en, id); a language left out shows none. */
    welcome: jsonb('welcome').notNull().default({}),
    /** One of the company's backgrounds (its address), or none. */
    background: text('background'),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId] }), tenantIsolation(t)],
);
