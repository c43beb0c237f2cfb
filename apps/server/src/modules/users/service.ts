import {
  type ErrorCode,
  type FieldError,
  mayGrantRole,
  normalizePhone,
  phoneDigitCount,
  Role,
  type RoleId,
  STAFF_FORM_ROLES,
  TagType,
  USER_TYPE_AREA,
  type UserCreate,
  type UserType,
  type UserUpdate,
} from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.js';
import { tags, userBranches, users, userTags } from '../../db/schema/index.js';
import { type Actor, assertArea, assertBranch } from '../../platform/actor.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { assertAcceptablePassword, hashPassword } from '../../platform/passwords.js';
import { endSessions } from '../../platform/session-ends.js';
import { findCompanyPublic } from '../company/service.js';
import { typeFilter } from './list-filters.js';
import { assertMayWrite, findTarget, getProfile } from './queries.js';

/** Hashing takes ~30 ms: routes do it before the request's transaction holds the connection (decision 0003). */
/** A new password's hash, refused first if it is common or the phone (issue 13 §6). */
export async function hashIfGiven(password: string | undefined, phone: string | null | undefined) {
  if (!password) return undefined;
  assertAcceptablePassword(password, phone);
  return hashPassword(password);
}

/** A 400 validation_failed naming one field, shaped like the schema refusals. */
export function invalidField(field: string, rule: string, message: string, limit?: number): AppError {
  const detail: FieldError = limit === undefined ? { field, rule, message } : { field, rule, message, limit };
  return new AppError(400, 'validation_failed', [detail], message);
}

export async function companyCountry(tx: Tx, companyId: number): Promise<string> {
  return (await findCompanyPublic(tx, companyId)).country;
}

/** Spec §5: the national number must have the company country's digit count (unknown country: uz). */
export function checkPhone(raw: string, country: string, field = 'phone'): string {
  const phone = normalizePhone(raw, country);
  const digits = phoneDigitCount(country);
  if (phone.length !== digits) {
    throw invalidField(field, 'phone_invalid', `${field}: the phone must have ${digits} digits`, digits);
  }
  return phone;
}

/** Extra phones (parent, second number) are kept as digits, without the country prefix. */
const contactPhone = (raw: string | null | undefined, country: string) =>
  raw ? normalizePhone(raw, country) || null : null;

const text = (value: string | null | undefined) => (value ? value : null);

const PHONE_EXISTS: Record<UserType, ErrorCode> = {
  student: 'student_phone_exists',
  teacher: 'teacher_phone_exists',
  staff: 'staff_phone_exists',
};

/**
 * Spec §8 duplicates: a student's phone among students (archived variant; `force`
 * creates anyway), a teacher's among teachers, a staff number among staff — the
 * archive included, as the messages send people there.
 */
async function assertPhoneFree(
  tx: Tx,
  actor: Actor,
  type: UserType,
  phone: string,
  excludeId: number | null,
  force: boolean,
) {
  if (type === 'student' && force) return;
  const others = await selectRows<{ id: number; name: string; archived: boolean }>(
    tx,
    sql`select u.id::int as id, u.name, (u.archived_at is not null) as archived from users u
      where u.company_id = ${actor.companyId} and u.phone = ${phone} and ${typeFilter(type)}
        ${excludeId === null ? sql`` : sql`and u.id <> ${excludeId}`}
      order by u.archived_at nulls first, u.id limit 10`,
  );
  if (!others.length) return;
  const code =
    type === 'student' && others.every((o) => o.archived) ? 'student_phone_exists_archived' : PHONE_EXISTS[type];
  throw new AppError(409, code, { users: others });
}

async function assertStudentTags(tx: Tx, actor: Actor, tagIds: readonly number[]) {
  if (!tagIds.length) return;
  const found = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, actor.companyId), eq(tags.type, TagType.student), inArray(tags.id, [...tagIds])));
  if (found.length !== new Set(tagIds).size) throw invalidField('tag_ids', 'invalid', 'tag_ids: unknown student tag');
}

/** Staff roles the caller may give: spec §6 staff (plus cashier, marketer), none above his own. */
function checkStaffRoles(actor: Actor, roles: readonly RoleId[] | undefined, before: readonly RoleId[] = []): RoleId[] {
  if (!roles?.length) throw invalidField('roles', 'required', 'roles is required');
  const unique = [...new Set(roles)];
  if (unique.some((r) => !STAFF_FORM_ROLES.includes(r))) {
    throw invalidField('roles', 'invalid', 'roles: only staff roles are given here');
  }
  const changed = [...unique.filter((r) => !before.includes(r)), ...before.filter((r) => !unique.includes(r))];
  if (changed.some((r) => !mayGrantRole(actor.roles, r))) throw forbidden();
  return unique;
}

function resolveMainBranch(branchIds: readonly number[], wanted: number | null | undefined, current: number | null) {
  if (wanted !== undefined && wanted !== null) {
    if (!branchIds.includes(wanted)) throw invalidField('main_branch', 'invalid', 'main_branch: not one of branches');
    return wanted;
  }
  return current !== null && branchIds.includes(current) ? current : (branchIds[0] ?? null);
}

const ROLE_OF_TYPE: Record<Exclude<UserType, 'staff'>, RoleId> = { student: Role.student, teacher: Role.teacher };

/** POST /user: a student, teacher or staff member with the fields of spec §3 User. */
export async function createUser(tx: Tx, actor: Actor, input: UserCreate, passwordHash: string | undefined) {
  const type = input.user_type;
  assertArea(actor, USER_TYPE_AREA[type]);
  const roles = type === 'staff' ? checkStaffRoles(actor, input.roles) : [ROLE_OF_TYPE[type]];
  const branchIds = [...new Set(input.branches)];
  for (const id of branchIds) assertBranch(actor, id);
  const mainBranchId = resolveMainBranch(branchIds, input.main_branch, null);
  const country = await companyCountry(tx, actor.companyId);
  const phone = checkPhone(input.phone, country);
  const tagIds = type === 'student' ? [...new Set(input.tag_ids ?? [])] : [];
  await assertStudentTags(tx, actor, tagIds);
  await assertPhoneFree(tx, actor, type, phone, null, input.force === true);

  const [user] = await tx
    .insert(users)
    .values({
      companyId: actor.companyId,
      name: input.name,
      phone,
      roles,
      passwordHash: passwordHash ?? null,
      mainBranchId,
      birthday: input.birthday ?? null,
      gender: input.gender ?? null,
      comment: text(input.comment),
      extraPhone: contactPhone(input.extra_phone, country),
      parentName: text(input.parent_name),
      parentPhone: contactPhone(input.parent_phone, country),
      email: text(input.email),
      telegram: text(input.telegram),
      address: text(input.address),
      passportId: text(input.passport_id),
      extId: text(input.ext_id),
    })
    .returning({ id: users.id, name: users.name });
  if (!user) throw new Error('user insert returned no row');
  await tx
    .insert(userBranches)
    .values(branchIds.map((branchId) => ({ companyId: actor.companyId, userId: user.id, branchId })));
  if (tagIds.length) {
    await tx.insert(userTags).values(tagIds.map((tagId) => ({ companyId: actor.companyId, userId: user.id, tagId })));
  }
  await recordHistory(tx, actor, {
    event: 'userCreated',
    entity: 'user',
    entityId: user.id,
    branchId: mainBranchId,
    data: { user_type: type, name: user.name, phone, roles, branches: branchIds, forced: input.force === true },
  });
  return user;
}

const EDITABLE = {
  name: 'name',
  phone: 'phone',
  birthday: 'birthday',
  gender: 'gender',
  comment: 'comment',
  extra_phone: 'extraPhone',
  parent_name: 'parentName',
  parent_phone: 'parentPhone',
  email: 'email',
  telegram: 'telegram',
  address: 'address',
  passport_id: 'passportId',
  ext_id: 'extId',
} as const satisfies Record<string, keyof typeof users.$inferSelect>;
type EditableField = keyof typeof EDITABLE;

/** PUT /user/{id}: the fields sent change; `branches` alone moves the user (history userMovedBranch). */
export async function updateUser(
  tx: Tx,
  actor: Actor,
  id: number,
  input: UserUpdate,
  passwordHash: string | undefined,
) {
  const target = await findTarget(tx, actor, id, true);
  assertMayWrite(actor, target);
  const [before] = await tx
    .select()
    .from(users)
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, id)));
  if (!before) throw notFound();
  const country = await companyCountry(tx, actor.companyId);

  const next: Partial<Record<EditableField, string | null>> = {};
  for (const field of Object.keys(EDITABLE) as EditableField[]) {
    const value = input[field];
    if (value === undefined) continue;
    if (field === 'phone') next.phone = checkPhone(value as string, country);
    else if (field === 'extra_phone' || field === 'parent_phone') next[field] = contactPhone(value, country);
    else next[field] = text(value);
  }
  if (next.name === null) throw invalidField('name', 'required', 'name is required');
  if (next.phone !== undefined && next.phone !== before.phone) {
    for (const type of target.types)
      await assertPhoneFree(tx, actor, type, next.phone as string, id, input.force === true);
  }

  const changed: Record<string, { before: unknown; after: unknown }> = {};
  const set: Partial<typeof users.$inferInsert> = {};
  for (const [field, value] of Object.entries(next) as [EditableField, string | null][]) {
    const column = EDITABLE[field];
    if (before[column] === value) continue;
    changed[field] = { before: before[column], after: value };
    (set as Record<string, unknown>)[column] = value;
  }

  let roles = target.roles;
  if (input.roles !== undefined && target.types.includes('staff')) {
    const staffBefore = target.roles.filter((r) => STAFF_FORM_ROLES.includes(r));
    const staffAfter = checkStaffRoles(actor, input.roles, staffBefore);
    roles = [...staffAfter, ...target.roles.filter((r) => !STAFF_FORM_ROLES.includes(r))];
    if (roles.join() !== target.roles.join()) {
      // Nobody changes his own roles: a CEO could otherwise lock himself out.
      if (target.id === actor.id) throw forbidden();
      changed.roles = { before: target.roles, after: roles };
      set.roles = roles;
    }
  }

  let branchIds = target.branchIds;
  if (input.branches !== undefined) {
    const wanted = [...new Set(input.branches)];
    for (const branchId of wanted) assertBranch(actor, branchId);
    // Branches the caller does not work in stay as they are: he can neither see nor take them away.
    branchIds = [...new Set([...wanted, ...target.branchIds.filter((b) => !actor.branchIds.includes(b))])].sort(
      (a, b) => a - b,
    );
  }
  const mainBranchId = resolveMainBranch(branchIds, input.main_branch, target.mainBranchId);
  if (mainBranchId !== target.mainBranchId) set.mainBranchId = mainBranchId;
  if (passwordHash && input.password) {
    assertAcceptablePassword(input.password, next.phone ?? before.phone);
    set.passwordHash = passwordHash;
  }

  const tagsChanged = input.tag_ids !== undefined && target.types.includes('student');
  if (Object.keys(set).length || tagsChanged) {
    await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, id)));
  }
  if (tagsChanged) await replaceTags(tx, actor, id, input.tag_ids ?? [], changed);
  // A new password or new roles end every session of the user: a stolen token stops working, and a
  // demoted employee keeps no access his token's roles still name.
  if (set.passwordHash || set.roles) await endSessions(tx, { companyId: actor.companyId, userIds: [id] });

  const moved = branchIds.join() !== target.branchIds.join();
  if (moved) {
    await tx.delete(userBranches).where(and(eq(userBranches.companyId, actor.companyId), eq(userBranches.userId, id)));
    await tx
      .insert(userBranches)
      .values(branchIds.map((branchId) => ({ companyId: actor.companyId, userId: id, branchId })));
    await recordHistory(tx, actor, {
      event: 'userMovedBranch',
      entity: 'user',
      entityId: id,
      branchId: mainBranchId,
      data: { name: before.name, from: target.branchIds, to: branchIds },
    });
  }
  if (Object.keys(changed).length || passwordHash) {
    await recordHistory(tx, actor, {
      event: 'userEdited',
      entity: 'user',
      entityId: id,
      branchId: mainBranchId,
      data: { name: next.name ?? before.name, changed, ...(passwordHash ? { password_changed: true } : {}) },
    });
  }
  return getProfile(tx, actor, id);
}

async function replaceTags(
  tx: Tx,
  actor: Actor,
  userId: number,
  wanted: readonly number[],
  changed: Record<string, { before: unknown; after: unknown }>,
) {
  const tagIds = [...new Set(wanted)].sort((a, b) => a - b);
  await assertStudentTags(tx, actor, tagIds);
  const current = await tx
    .select({ tagId: userTags.tagId })
    .from(userTags)
    .where(and(eq(userTags.companyId, actor.companyId), eq(userTags.userId, userId)));
  const before = current.map((r) => r.tagId).sort((a, b) => a - b);
  if (before.join() === tagIds.join()) return;
  await tx.delete(userTags).where(and(eq(userTags.companyId, actor.companyId), eq(userTags.userId, userId)));
  if (tagIds.length) {
    await tx.insert(userTags).values(tagIds.map((tagId) => ({ companyId: actor.companyId, userId, tagId })));
  }
  changed.tag_ids = { before, after: tagIds };
}
