import { canAccess, normalizePhone, type ParentByPhone, Role, type StudentParents } from '@crm/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { pgArray, selectRows, type Tx } from '../../db/client.js';
import { parentStudents, users } from '../../db/schema/index.js';
import { type Actor, assertArea } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { findParentAccount, parentAccountOf } from '../users/parent-accounts.js';
import { findTarget } from '../users/queries.js';
import { companyCountry } from '../users/service.js';

/** The parent fields a student's record holds (spec §3 extra contacts). */
async function parentFieldsOf(tx: Tx, companyId: number, studentId: number) {
  const [row] = await tx
    .select({ name: users.name, parentName: users.parentName, parentPhone: users.parentPhone, roles: users.roles })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, studentId)));
  return row;
}

async function recordLink(
  tx: Tx,
  actor: Actor,
  link: { parentId: number; parentName: string; studentId: number; studentName: string },
  change: 'linked' | 'unlinked',
) {
  await recordHistory(tx, actor, {
    event: 'parentLinked',
    entity: 'user',
    entityId: link.studentId,
    data: { parent_id: link.parentId, parent_name: link.parentName, student_name: link.studentName, change },
  });
}

/**
 * After a student is saved (form, import): his record's parent phone names his parent account — found, or made
 * for that phone, so siblings share one — and the link follows a changed phone (the parent of the phone before
 * is unlinked). The caller has written the student; this runs in the same transaction.
 */
export async function syncParentOfStudent(
  tx: Tx,
  actor: Actor,
  studentId: number,
  phoneBefore: string | null,
): Promise<void> {
  const student = await parentFieldsOf(tx, actor.companyId, studentId);
  if (!student?.roles.includes(Role.student)) return;
  if (phoneBefore && phoneBefore !== student.parentPhone) {
    const previous = await findParentAccount(tx, actor.companyId, phoneBefore);
    const removed = previous
      ? await tx
          .delete(parentStudents)
          .where(
            and(
              eq(parentStudents.companyId, actor.companyId),
              eq(parentStudents.parentId, previous.id),
              eq(parentStudents.studentId, studentId),
            ),
          )
          .returning({ parentId: parentStudents.parentId })
      : [];
    if (previous && removed.length) {
      await recordLink(
        tx,
        actor,
        { parentId: previous.id, parentName: previous.name, studentId, studentName: student.name },
        'unlinked',
      );
    }
  }
  if (!student.parentPhone) return;
  const parent = await parentAccountOf(tx, actor.companyId, student.parentPhone, student.parentName);
  const added = await tx
    .insert(parentStudents)
    .values({ companyId: actor.companyId, parentId: parent.id, studentId })
    .onConflictDoNothing()
    .returning({ parentId: parentStudents.parentId });
  if (added.length) {
    await recordLink(
      tx,
      actor,
      { parentId: parent.id, parentName: parent.name, studentId, studentName: student.name },
      'linked',
    );
  }
}

/** The parent fields of a student before he is changed, to unlink the parent of a phone that is replaced. */
export async function parentPhoneOf(tx: Tx, companyId: number, studentId: number): Promise<string | null> {
  return (await parentFieldsOf(tx, companyId, studentId))?.parentPhone ?? null;
}

interface ParentRow {
  id: number;
  name: string;
  phone: string;
  has_password: boolean;
  other_children: { id: number; name: string }[];
}

const parentColumns = (studentId: number | null) => sql`p.id::int as id, p.name, p.phone,
    (p.password_hash is not null) as has_password,
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name), '[]'::json)
      from parent_students o join users s on s.company_id = o.company_id and s.id = o.student_id
      where o.company_id = p.company_id and o.parent_id = p.id and s.archived_at is null
        ${studentId === null ? sql`` : sql`and o.student_id <> ${studentId}`}) as other_children`;

/** GET /user/{id}/parents: for staff who reach the student (his branch), his parents and their other children. */
export async function parentsOfStudent(tx: Tx, actor: Actor, studentId: number): Promise<StudentParents> {
  const target = await findTarget(tx, actor, studentId, false);
  assertArea(actor, 'students');
  if (!target.types.includes('student')) return { data: [], policies: { can_message: false } };
  const rows = await selectRows<ParentRow>(
    tx,
    sql`select ${parentColumns(studentId)}
      from parent_students ps join users p on p.company_id = ps.company_id and p.id = ps.parent_id
      where ps.company_id = ${actor.companyId} and ps.student_id = ${studentId} and p.archived_at is null
      order by p.name, p.id`,
  );
  return { data: rows, policies: { can_message: canAccess('sms', actor.roles) } };
}

/**
 * GET /parents/by-phone: the parent who has the phone typed in a student's form, with his children the caller
 * may see (of his branches), so a sibling is linked to the same parent knowingly.
 */
export async function parentByPhone(tx: Tx, actor: Actor, rawPhone: string): Promise<ParentByPhone> {
  const phone = normalizePhone(rawPhone, await companyCountry(tx, actor.companyId));
  const parent = phone ? await findParentAccount(tx, actor.companyId, phone) : undefined;
  if (!parent || parent.archivedAt) return { parent: null };
  const branchScope = actor.allBranches
    ? sql``
    : sql`and exists (select 1 from user_branches ub where ub.company_id = s.company_id and ub.user_id = s.id
        and ub.branch_id = any(${pgArray(actor.branchIds)}::bigint[]))`;
  const children = await selectRows<{ id: number; name: string }>(
    tx,
    sql`select s.id::int as id, s.name from parent_students ps
      join users s on s.company_id = ps.company_id and s.id = ps.student_id
      where ps.company_id = ${actor.companyId} and ps.parent_id = ${parent.id} and s.archived_at is null ${branchScope}
      order by s.name`,
  );
  return { parent: { id: parent.id, name: parent.name, children } };
}

/**
 * After an import's chunk of new students: the parents their rows name, in two statements whatever the chunk's
 * size — a parent account for each phone that has none, then the links. The import's own history event records
 * them; no event per link (a 10,000-row file would write 10,000).
 */
export async function linkParentsOfNewStudents(tx: Tx, companyId: number, studentIds: readonly number[]) {
  if (!studentIds.length) return;
  const ids = sql`${pgArray(studentIds)}::bigint[]`;
  await tx.execute(sql`insert into users (company_id, name, phone, roles)
    select distinct on (s.parent_phone) s.company_id, coalesce(nullif(trim(s.parent_name), ''), s.parent_phone),
      s.parent_phone, array[${Role.parent}]::smallint[]
    from users s
    where s.company_id = ${companyId} and s.id = any(${ids}) and s.parent_phone is not null and s.parent_phone <> ''
      and not exists (select 1 from users p where p.company_id = s.company_id and p.phone = s.parent_phone
        and ${Role.parent} = any(p.roles))
    order by s.parent_phone, s.id`);
  await tx.execute(sql`insert into parent_students (company_id, parent_id, student_id)
    select s.company_id, p.id, s.id from users s
    join lateral (select p.id from users p where p.company_id = s.company_id and p.phone = s.parent_phone
      and ${Role.parent} = any(p.roles) order by p.id limit 1) p on true
    where s.company_id = ${companyId} and s.id = any(${ids})
    on conflict do nothing`);
}
