import {
  type ImportRejection,
  type ImportResult,
  normalizePhone,
  Role,
  USER_COMMENT_MAX,
  USER_NAME_MAX,
  USER_TEXT_MAX,
} from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { userBranches, users } from '../../db/schema/index.js';
import { type Actor, assertArea, assertBranch } from '../../platform/actor.js';
import { chunks, ImportReport } from '../../platform/spreadsheet-import.js';
import { type ImportRow, parseBirthday, parseGender } from './excel.js';
import { companyCountry } from './service.js';

/** Rows per INSERT: 15 columns × 1,000 stays far below PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;
const LOOKUP_CHUNK = 5000;

type NewUser = typeof users.$inferInsert;

const TEXT_LIMITS = {
  name: USER_NAME_MAX,
  parent_name: USER_TEXT_MAX,
  comment: USER_COMMENT_MAX,
  ext_id: 100,
} as const;

/** Known students by phone (the archive included): one lookup per 5,000 phones. */
async function existingStudents(tx: Tx, companyId: number, phones: string[]) {
  const known = new Map<string, { id: number; archived: boolean }>();
  for (const part of chunks(phones, LOOKUP_CHUNK)) {
    const rows = await tx
      .select({ id: users.id, phone: users.phone, archivedAt: users.archivedAt })
      .from(users)
      .where(
        and(eq(users.companyId, companyId), inArray(users.phone, part), sql`${Role.student} = any(${users.roles})`),
      )
      .orderBy(sql`${users.archivedAt} nulls first`, users.id);
    for (const row of rows) if (!known.has(row.phone)) known.set(row.phone, { id: row.id, archived: !!row.archivedAt });
  }
  return known;
}

/**
 * POST user/import?branch_id (spec §2, §5): each row is checked (name, phone by
 * the company country, birthday, gender, duplicates in the file and among known
 * students); every rejected row is reported with its number and reason, and the
 * accepted ones are written in this one transaction with multi-row inserts, so a
 * failed request leaves nothing half-written.
 */
export async function importStudents(
  tx: Tx,
  actor: Actor,
  branchId: number,
  rows: readonly ImportRow[],
  startedAt: number,
): Promise<ImportResult> {
  assertArea(actor, 'students');
  assertBranch(actor, branchId);
  const country = await companyCountry(tx, actor.companyId);
  const report = new ImportReport<ImportRejection>(country, startedAt);
  const accepted: { row: number; user: NewUser }[] = [];

  const candidates: { row: ImportRow; phone: string; user: NewUser }[] = [];
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

  const known = await existingStudents(
    tx,
    actor.companyId,
    candidates.map((c) => c.phone),
  );
  for (const candidate of candidates) {
    const match = known.get(candidate.phone);
    if (match)
      report.reject(
        candidate.row,
        match.archived ? 'student_exists_archived' : 'student_exists',
        candidate.phone,
        match.id,
      );
    else accepted.push({ row: candidate.row.row, user: candidate.user });
  }

  for (const part of chunks(accepted, INSERT_CHUNK)) {
    const ids = await tx
      .insert(users)
      .values(part.map((a) => a.user))
      .returning({ id: users.id });
    // The foreign-key check user_branches → users runs a plan the connection cached
    // while the table was small; PGlite never analyzes (no autovacuum), so it stays
    // a scan per row: quadratic, 7 s for 10,000 rows. Re-planning as the rows arrive
    // keeps it an index lookup (under 2 s). Harmless on PostgreSQL.
    await tx.execute(sql`discard plans`);
    await tx.insert(userBranches).values(ids.map(({ id }) => ({ companyId: actor.companyId, userId: id, branchId })));
  }
  return report.finish(
    tx,
    actor,
    { event: 'usersImported', entity: 'user', branchId },
    { total: rows.length, imported: accepted.length },
  );
}
