import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tags } from './catalog.js';
import { branches } from './companies.js';
import { courses } from './courses.js';
import { tenantIsolation } from './tenant.js';
import { users } from './users.js';

/** Spec §3 lead source: where a lead came from (Instagram, a friend…). Deactivated, never deleted once used. */
export const leadSources = pgTable(
  'lead_sources',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('lead_sources_name').on(t.companyId, sql`lower(${t.name})`),
    tenantIsolation(t),
  ],
);

/** Spec §3 lead deletion reason: title, the staff member who made it, active or archived. */
export const leadReasons = pgTable(
  'lead_reasons',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.staffId], foreignColumns: [users.companyId, users.id] }),
    uniqueIndex('lead_reasons_title').on(t.companyId, sql`lower(${t.title})`),
    tenantIsolation(t),
  ],
);

/** Spec §3 board section: a named group of cards inside one column of a branch's board. */
export const leadSections = pgTable(
  'lead_sections',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    /** contracts LEAD_COLUMNS. */
    column: text('column').notNull(),
    title: text('title').notNull(),
    position: doublePrecision('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('lead_sections_uuid').on(t.companyId, t.uuid),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    index().on(t.companyId, t.branchId, t.column),
    tenantIsolation(t),
  ],
);

/**
 * Spec §3 Lead. A card's place on the board is (column, section, position); `position` is a
 * floating key (a card dropped between two takes the midpoint), so a move writes one row.
 * Archiving stamps `archived_at` with its reason; converting to a student stamps `student_id`.
 */
export const leads = pgTable(
  'leads',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    /** National digits of the company's country (contracts normalizePhone). */
    phone: text('phone').notNull(),
    comment: text('comment'),
    courseId: bigint('course_id', { mode: 'number' }),
    sourceId: bigint('source_id', { mode: 'number' }),
    adminId: bigint('admin_id', { mode: 'number' }),
    column: text('column').notNull().default('incoming'),
    sectionId: bigint('section_id', { mode: 'number' }),
    position: doublePrecision('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The day it first reached "set" (lead statistics: conversion by date). */
    setAt: timestamp('set_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archiveReasonId: bigint('archive_reason_id', { mode: 'number' }),
    studentId: bigint('student_id', { mode: 'number' }),
    convertedAt: timestamp('converted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('leads_uuid').on(t.companyId, t.uuid),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    foreignKey({ columns: [t.companyId, t.courseId], foreignColumns: [courses.companyId, courses.id] }),
    foreignKey({ columns: [t.companyId, t.sourceId], foreignColumns: [leadSources.companyId, leadSources.id] }),
    foreignKey({ columns: [t.companyId, t.adminId], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ columns: [t.companyId, t.sectionId], foreignColumns: [leadSections.companyId, leadSections.id] }),
    foreignKey({
      columns: [t.companyId, t.archiveReasonId],
      foreignColumns: [leadReasons.companyId, leadReasons.id],
    }),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }),
    // The board: a branch's live cards of a column or section in order (position, then id), so that a list's
    // first page is a short index-only walk and its count an index-only scan.
    index('leads_board')
      .on(t.companyId, t.branchId, t.column, t.sectionId, t.position, t.id)
      .where(sql`${t.archivedAt} is null and ${t.studentId} is null`),
    index().on(t.companyId, t.branchId, t.createdAt),
    index().on(t.companyId, t.phone),
    tenantIsolation(t),
  ],
);

export const leadTags = pgTable(
  'lead_tags',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    leadId: bigint('lead_id', { mode: 'number' }).notNull(),
    tagId: bigint('tag_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.leadId, t.tagId] }),
    foreignKey({ columns: [t.companyId, t.leadId], foreignColumns: [leads.companyId, leads.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.tagId], foreignColumns: [tags.companyId, tags.id] }).onDelete('cascade'),
    index().on(t.companyId, t.tagId),
    tenantIsolation(t),
  ],
);

/**
 * The sequence of a branch's board: one row per branch, whose `last_time` is raised in the
 * transaction that writes an update record. The row lock orders the writers of a branch, so the
 * records become visible in `time` order and `updates?from` never skips one committed late.
 */
export const leadBoardClocks = pgTable(
  'lead_board_clocks',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    lastTime: bigint('last_time', { mode: 'number' }).notNull().default(0),
    /** Records before this time were pruned: a board behind it reloads instead of patching. */
    keptFrom: bigint('kept_from', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);

/** Spec §3 lead-increment update record, numbered per branch by `time`. */
export const leadIncrements = pgTable(
  'lead_increments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    type: text('type').notNull(),
    uuid: text('uuid').notNull(),
    data: jsonb('data').notNull(),
    location: jsonb('location'),
    authorId: bigint('author_id', { mode: 'number' }),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId, t.time] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);

/** Column settings: a branch's own title of a board column (absent: the column's standard name). */
export const leadColumnTitles = pgTable(
  'lead_column_titles',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    /** contracts LEAD_COLUMNS. */
    column: text('column').notNull(),
    title: text('title').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId, t.column] }),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);
