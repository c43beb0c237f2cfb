import { Role, type RoleId } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userBranches, users, userTags } from '../db/schema/index.js';
import { BACKGROUND_STATEMENT_TIMEOUT_MS, inCompany } from '../platform/tenancy.js';
import { createUser } from './factories.js';

/**
 * Factories of people (students, teachers, staff) shared by the tests and the
 * demo seed (STYLE.md 9). They write rows directly, as a finished form would.
 */

export interface PersonSpec {
  name: string;
  phone: string;
  branchIds: number[];
  birthday?: string | null;
  gender?: 'm' | 'f' | null;
  parentName?: string | null;
  parentPhone?: string | null;
  comment?: string | null;
  extId?: string | null;
  tagIds?: number[];
  archived?: boolean;
}

type PersonRow = typeof users.$inferInsert;

const rowOf = (companyId: number, spec: PersonSpec, roles: RoleId[]): PersonRow => ({
  companyId,
  name: spec.name,
  phone: spec.phone,
  roles,
  mainBranchId: spec.branchIds[0] ?? null,
  birthday: spec.birthday ?? null,
  gender: spec.gender ?? null,
  parentName: spec.parentName ?? null,
  parentPhone: spec.parentPhone ?? null,
  comment: spec.comment ?? null,
  extId: spec.extId ?? null,
  archivedAt: spec.archived ? new Date() : null,
});

/** A bulk load is no request: its statements get the background's time, not a request's 10 s. */
const BULK = { timeoutMs: BACKGROUND_STATEMENT_TIMEOUT_MS };

/** Many people of one kind in three statements (users, their branches, their tags); ids in the given order. */
export async function insertPeople(db: Db, companyId: number, roles: RoleId[], specs: PersonSpec[]): Promise<number[]> {
  if (!specs.length) return [];
  return inCompany(
    db,
    companyId,
    async (tx) => {
      const ids: number[] = [];
      // 1,000 rows × 12 columns stays below PostgreSQL's 65,535 bind parameters.
      for (let i = 0; i < specs.length; i += 1000) {
        const part = specs.slice(i, i + 1000);
        const rows = await tx
          .insert(users)
          .values(part.map((spec) => rowOf(companyId, spec, roles)))
          .returning({ id: users.id });
        ids.push(...rows.map((r) => r.id));
      }
      const branchRows = specs.flatMap((spec, i) =>
        spec.branchIds.map((branchId) => ({ companyId, userId: ids[i] as number, branchId })),
      );
      for (let i = 0; i < branchRows.length; i += 5000)
        await tx.insert(userBranches).values(branchRows.slice(i, i + 5000));
      const tagRows = specs.flatMap((spec, i) =>
        (spec.tagIds ?? []).map((tagId) => ({ companyId, userId: ids[i] as number, tagId })),
      );
      if (tagRows.length) await tx.insert(userTags).values(tagRows);
      return ids;
    },
    BULK,
  );
}

export async function createStudent(db: Db, companyId: number, spec: PersonSpec): Promise<number> {
  const [id] = await insertPeople(db, companyId, [Role.student], [spec]);
  return id as number;
}

/** A teacher who can log in (password demo1234 unless given). */
export async function createTeacher(db: Db, companyId: number, spec: PersonSpec & { password?: string }) {
  const id = await createUser(db, companyId, { ...spec, roles: [Role.teacher] });
  if (spec.archived || spec.birthday || spec.gender) await patchPerson(db, companyId, id, spec);
  return id;
}

/** A staff member with these roles (spec §6 staff, or cashier / marketer). */
export async function createStaff(
  db: Db,
  companyId: number,
  spec: PersonSpec & { roles: RoleId[]; password?: string },
) {
  const id = await createUser(db, companyId, spec);
  if (spec.archived || spec.birthday || spec.gender) await patchPerson(db, companyId, id, spec);
  return id;
}

async function patchPerson(db: Db, companyId: number, id: number, spec: PersonSpec) {
  await inCompany(db, companyId, (tx) =>
    tx
      .update(users)
      .set({
        birthday: spec.birthday ?? null,
        gender: spec.gender ?? null,
        archivedAt: spec.archived ? new Date() : null,
      })
      .where(and(eq(users.companyId, companyId), eq(users.id, id))),
  );
}
