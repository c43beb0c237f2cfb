import {
  type ImportRejection,
  normalizePhone,
  Role,
  USER_COMMENT_MAX,
  USER_NAME_MAX,
  USER_TEXT_MAX,
} from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { userBranches, users } from '../../db/schema/index.js';
import { type Actor, assertArea, assertBranch } from '../../platform/actor.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { ImportReport, type RejectedRow } from '../../platform/spreadsheet-import.js';
import type { ChunkedImport } from '../jobs/import-job.js';
import { linkParentsOfNewStudents } from '../parents/parent-links.js';
import { type ImportRow, parseBirthday, parseGender, parseImportFile } from './excel.js';
import { companyCountry } from './service.js';

type NewUser = typeof users.$inferInsert;

const TEXT_LIMITS = {
  name: USER_NAME_MAX,
  parent_name: USER_TEXT_MAX,
  comment: USER_COMMENT_MAX,
  ext_id: 100,
} as const;

/** Known students by phone (the archive included), for one chunk of the file. */
async function existingStudents(tx: Tx, companyId: number, phones: string[]) {
  const known = new Map<string, { id: number; archived: boolean }>();
  // The phone's trigram index (made for the search box) also answers equality, and the planner took it for a
  // chunk's thousand phones: an import's phones share most trigrams, so each chunk read every row written before
  // it (0.4 → 4 s a chunk, 22 s for 10,000 rows). GIN is read only by bitmap scans: without them for the rest of
  // this chunk's transaction the lookup is btree probes or a hash join, a few milliseconds.
  await tx.execute(sql`set local enable_bitmapscan = off`);
  const rows = await selectRows<{ id: number; phone: string; archived: boolean }>(
    tx,
    sql`select u.id::int as id, u.phone, (u.archived_at is not null) as archived
      from unnest(${pgArray(phones)}::text[]) as chunk(phone)
      join users u on u.company_id = ${companyId} and u.phone = chunk.phone
      where ${Role.student} = any(u.roles)
      order by u.archived_at nulls first, u.id`,
  );
  for (const row of rows)
    if (!known.has(row.phone)) known.set(row.phone, { id: Number(row.id), archived: row.archived });
  return known;
}

interface StudentCandidate {
  row: ImportRow;
  phone: string;
  user: NewUser;
}

/** Each row's own checks (name, phone by the company country, birthday, gender) and duplicates in the file. */
async function checkRows(tx: Tx, actor: Actor, branchId: number, rows: ImportRow[], startedAt: number) {
  const country = await companyCountry(tx, actor.companyId);
  const report = new ImportReport<ImportRejection>(country, startedAt);
  const candidates: StudentCandidate[] = [];
  for (const row of rows) {
    const v = row.values;
    const checked = report.checkContact(row, TEXT_LIMITS);
    if (checked === null) continue;
    const { name, phone } = checked;
    const birthday =
      v.birthday || row.birthdaySerial !== undefined ? parseBirthday(v.birthday ?? '', row.birthdaySerial) : null;
    if ((v.birthday || row.birthdaySerial !== undefined) && !birthday) {
      report.reject(row, 'birthday_invalid', phone);
      continue;
    }
    const gender = parseGender(v.gender);
    if (gender === undefined) {
      report.reject(row, 'gender_invalid', phone);
      continue;
    }
    if (!report.firstInFile(row, phone)) continue;
    const contact = (raw: string | undefined) => (raw ? normalizePhone(raw, country) || null : null);
    candidates.push({
      row,
      phone,
      user: {
        companyId: actor.companyId,
        name,
        phone,
        roles: [Role.student],
        mainBranchId: branchId,
        birthday,
        gender,
        parentName: v.parent_name ?? null,
        parentPhone: contact(v.parent_phone),
        extraPhone: contact(v.extra_phone),
        comment: v.comment ?? null,
        extId: v.ext_id ?? null,
      },
    });
  }
  return { report, candidates };
}

/** One chunk: a phone of a known student (the archive included) is refused, the others become students. */
async function writeStudents(tx: Tx, actor: Actor, branchId: number, chunk: StudentCandidate[]) {
  const known = await existingStudents(
    tx,
    actor.companyId,
    chunk.map((c) => c.phone),
  );
  const rejected: RejectedRow<ImportRejection>[] = [];
  const accepted: NewUser[] = [];
  for (const { row, phone, user } of chunk) {
    const match = known.get(phone);
    if (!match) accepted.push(user);
    else
      rejected.push({
        row: row.row,
        reason: match.archived ? 'student_exists_archived' : 'student_exists',
        name: row.values.name ?? null,
        phone,
        existing_id: match.id,
      });
  }
  if (accepted.length) {
    const ids = await tx.insert(users).values(accepted).returning({ id: users.id });
    // The foreign-key check user_branches → users runs a plan the connection cached
    // while the table was small; PGlite never analyzes (no autovacuum), so it stays
    // a scan per row: quadratic, 7 s for 10,000 rows. Re-planning as the rows arrive
    // keeps it an index lookup (under 2 s). Harmless on PostgreSQL.
    await tx.execute(sql`discard plans`);
    await tx.insert(userBranches).values(ids.map(({ id }) => ({ companyId: actor.companyId, userId: id, branchId })));
    await linkParentsOfNewStudents(
      tx,
      actor.companyId,
      ids.map(({ id }) => id),
    );
  }
  return { rejected, added: [] };
}

/**
 * POST user/import?branch_id (spec §2, §5), as a job (modules/jobs/import-job.ts): each row is checked (name,
 * phone by the company country, birthday, gender, duplicates in the file and among known students); every
 * refused row is reported with its number and reason, and the accepted ones are written with multi-row inserts,
 * a chunk a transaction, each with the job's checkpoint, so a retried job writes no student twice.
 */
export const studentsImport: ChunkedImport<ImportRow, StudentCandidate, ImportRejection> = {
  job: JOBS.importStudents,
  access: 'students',
  tags: ['users'],
  parse: parseImportFile,
  authorize: (actor, branchId) => {
    assertArea(actor, 'students');
    assertBranch(actor, branchId);
  },
  check: checkRows,
  write: writeStudents,
  history: { event: 'usersImported', entity: 'user' },
  fills: ['users', 'user_branches', 'parent_students'],
};
