import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, companies } from './companies.js';
import { tenantIsolation } from './tenant.js';

/** Students, teachers and staff (spec §3 User). The order of `roles` matters: the first is the current role. */
export const users = pgTable(
  'users',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash'),
    roles: smallint('roles').array().notNull(),
    mainBranchId: bigint('main_branch_id', { mode: 'number' }),
    birthday: date('birthday'),
    /** 'm', 'f' or null for not given. */
    gender: text('gender'),
    photo: text('photo'),
    comment: text('comment'),
    // Spec §3 "extra contacts".
    extraPhone: text('extra_phone'),
    parentName: text('parent_name'),
    parentPhone: text('parent_phone'),
    email: text('email'),
    telegram: text('telegram'),
    address: text('address'),
    passportId: text('passport_id'),
    extId: text('ext_id'),
    offerSignedAt: timestamp('offer_signed_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.mainBranchId], foreignColumns: [branches.companyId, branches.id] }),
    // Phone is not unique: spec §8 lets a student be created "anyway" with a known phone.
    index().on(t.companyId, t.phone),
    index().on(t.companyId, t.extId),
    // Substring search by name or phone (spec §7 name_or_phone) within one company (btree_gin + pg_trgm).
    index('users_name_trgm').using('gin', t.companyId, sql`${t.name} gin_trgm_ops`),
    index('users_phone_trgm').using('gin', t.companyId, sql`${t.phone} gin_trgm_ops`),
    tenantIsolation(t),
  ],
);

/** Spec §3 User.branches: the branches a user works or studies in. */
export const userBranches = pgTable(
  'user_branches',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.branchId] }),
    // A branch's people (its student list, its debtors): straight to the branch's rows, where the key above
    // made the planner read the whole company's rows to find one branch's.
    index('user_branches_by_branch').on(t.companyId, t.branchId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.branchId], foreignColumns: [branches.companyId, branches.id] }),
    tenantIsolation(t),
  ],
);

/** One row per log-in, so sign-out and archiving a user end the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: uuid('id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    // A user's sessions: ended together (password or role change, archive) and read as his known addresses.
    index('sessions_by_user').on(t.companyId, t.userId),
    tenantIsolation(t),
  ],
);

/** Failed log-ins, counted to slow down password guessing (kept in the database so N servers agree). */
export const loginFailures = pgTable(
  'login_failures',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    phone: text('phone').notNull(),
    ip: text('ip'),
    /**
     * Made from an address this phone has logged in from before: such failures are limited on their own, so
     * guesses from elsewhere never lock the owner out of his usual places (docs/decisions/0018).
     */
    knownAddress: boolean('known_address').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index().on(t.companyId, t.phone, t.at),
    index().on(t.companyId, t.ip, t.at),
    tenantIsolation(t),
  ],
);

/**
 * Password recovery codes (issue 16): one row per code sent to a phone of the company; the code as a hash.
 * Rows stay after use: they count the resends of a phone.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: uuid('id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** 'reset' (password recovery) or 'login' (a parent's log-in by code, issue 24): one kind never opens the other. */
    purpose: text('purpose').notNull().default('reset'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index().on(t.companyId, t.phone, t.sentAt), tenantIsolation(t)],
);

/** Notes on a user's profile (spec §7 /userComments). */
export const userComments = pgTable(
  'user_comments',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    index().on(t.companyId, t.userId),
    tenantIsolation(t),
  ],
);

/**
 * The student lists' narrow copy (decision 0030): one row per student and branch with what the list filters
 * and orders by, so a branch's count and page read its own rows through an index instead of visiting every
 * wide `users` row of the branch. Kept by triggers in the writing transaction (migration 0018) on users,
 * user_branches, group_students, groups, user_tags and student_balances; the application only reads it.
 */
export const studentListRows = pgTable(
  'student_list_rows',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    branchId: bigint('branch_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    archived: boolean('archived').notNull(),
    /** As student_balances (minor units, signed); zero when he has no entry yet. */
    balance: bigint('balance', { mode: 'number' }).notNull(),
    /** Each place as course id × 8 + status (no course: 0), so "status S in course C" is one place. */
    places: bigint('places', { mode: 'number' }).array().notNull(),
    tagIds: bigint('tag_ids', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.branchId, t.studentId] }),
    index('student_list_rows_newest').on(t.companyId, t.branchId, t.archived, t.studentId),
    index('student_list_rows_by_name').on(t.companyId, t.branchId, t.archived, t.name, t.studentId),
    index('student_list_rows_by_balance').on(t.companyId, t.branchId, t.archived, t.balance, t.studentId),
    // A student's rows, found by the triggers.
    index('student_list_rows_by_student').on(t.companyId, t.studentId),
    foreignKey({
      name: 'student_list_rows_membership_fk',
      columns: [t.companyId, t.studentId, t.branchId],
      foreignColumns: [userBranches.companyId, userBranches.userId, userBranches.branchId],
    }).onDelete('cascade'),
    tenantIsolation(t),
  ],
);

/**
 * Issue 24: which students a parent (a user with the parent role) follows. One parent per phone in a company,
 * so siblings share him; the parents module is the only writer.
 */
export const parentStudents = pgTable(
  'parent_students',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    parentId: bigint('parent_id', { mode: 'number' }).notNull(),
    studentId: bigint('student_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.parentId, t.studentId] }),
    index('parent_students_by_student').on(t.companyId, t.studentId),
    foreignKey({ columns: [t.companyId, t.parentId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.companyId, t.studentId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
    tenantIsolation(t),
  ],
);
