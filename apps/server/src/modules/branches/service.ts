import {
  type Branch,
  type BranchAdminList,
  type BranchArchiveInput,
  type BranchArchivePreview,
  type BranchInput,
  canAccess,
  RUNNING_GROUP_STATUSES,
} from '@crm/contracts';
import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { branches, groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { countPeopleByBranch, previewBranchPeople, releaseBranchPeople } from '../users/branch-membership.js';
import { checkPhone, companyCountry, invalidField } from '../users/service.js';

/**
 * Branch administration (spec §2 admin new-company and edit-company; docs/decisions/0023): owner and CEO
 * open, edit, archive and restore branches. A branch is never deleted: its groups, payments and history
 * keep pointing at it, and an archived one can come back.
 */

type BranchRow = typeof branches.$inferSelect;

const toBranch = (row: BranchRow): Branch => ({
  id: row.id,
  name: row.name,
  address: row.address,
  phone: row.phone,
  start_of_working_day: row.startOfWorkingDay,
  end_of_working_day: row.endOfWorkingDay,
  landmark: row.landmark,
  archived_at: row.archivedAt ? row.archivedAt.toISOString() : null,
});

/** The fields of a branch as the form names them, to compare and to record. */
type BranchFields = Required<BranchInput>;
const fieldsOf = (b: Branch): BranchFields => ({
  name: b.name,
  address: b.address,
  phone: b.phone ?? null,
  start_of_working_day: b.start_of_working_day ?? null,
  end_of_working_day: b.end_of_working_day ?? null,
  landmark: b.landmark ?? null,
});

async function findBranch(tx: Tx, actor: Actor, id: number, lock = false): Promise<BranchRow> {
  const query = tx
    .select()
    .from(branches)
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

const branchArchived = () => new AppError(409, 'branch_archived');

/**
 * The form's values as stored: empty text is none, the phone has the country's digit count, and a field
 * not sent keeps its value (`current`; none when opening a branch). The day must end after it starts.
 */
async function resolveFields(tx: Tx, actor: Actor, input: BranchInput, current: BranchFields | null) {
  const pick = (key: Exclude<keyof BranchFields, 'name'>): string | null =>
    input[key] === undefined ? (current?.[key] ?? null) : input[key] || null;
  const fields: BranchFields = {
    name: input.name,
    address: pick('address'),
    phone: pick('phone'),
    start_of_working_day: pick('start_of_working_day'),
    end_of_working_day: pick('end_of_working_day'),
    landmark: pick('landmark'),
  };
  if (fields.phone && fields.phone !== current?.phone) {
    fields.phone = checkPhone(fields.phone, await companyCountry(tx, actor.companyId));
  }
  const { start_of_working_day: start, end_of_working_day: end } = fields;
  if (start && end && start >= end) {
    throw invalidField('end_of_working_day', 'end_before_start', 'The day must end after it starts');
  }
  return fields;
}

const columnsOf = (f: BranchFields) => ({
  name: f.name,
  address: f.address,
  phone: f.phone,
  startOfWorkingDay: f.start_of_working_day,
  endOfWorkingDay: f.end_of_working_day,
  landmark: f.landmark,
});

const policiesOf = (actor: Actor) => {
  const may = canAccess('admin', actor.roles);
  return { can_create: may, can_edit: may, can_archive: may };
};

/** GET /branch/all: working branches (archived=0) or archived ones (archived=1), with their counts. */
export async function listBranchesForAdmin(tx: Tx, actor: Actor, archived: boolean): Promise<BranchAdminList> {
  const rows = await tx
    .select()
    .from(branches)
    .where(
      and(
        eq(branches.companyId, actor.companyId),
        archived ? isNotNull(branches.archivedAt) : isNull(branches.archivedAt),
      ),
    )
    .orderBy(asc(branches.id));
  const people = await countPeopleByBranch(tx, actor.companyId);
  const running = await tx
    .select({ branchId: groups.branchId, groups: count() })
    .from(groups)
    .where(and(eq(groups.companyId, actor.companyId), inArray(groups.status, [...RUNNING_GROUP_STATUSES])))
    .groupBy(groups.branchId);
  const groupsOf = new Map(running.map((r) => [r.branchId, r.groups]));
  return {
    data: rows.map((row) => ({
      ...toBranch(row),
      people: people.get(row.id) ?? 0,
      active_groups: groupsOf.get(row.id) ?? 0,
    })),
    policies: policiesOf(actor),
  };
}

export async function createBranch(tx: Tx, actor: Actor, input: BranchInput): Promise<Branch> {
  const fields = await resolveFields(tx, actor, input, null);
  const [row] = await tx
    .insert(branches)
    .values({ companyId: actor.companyId, ...columnsOf(fields) })
    .returning();
  if (!row) throw new Error('branch insert returned no row');
  await recordHistory(tx, actor, {
    event: 'branchCreated',
    entity: 'branch',
    entityId: row.id,
    branchId: row.id,
    data: { name: row.name },
  });
  return toBranch(row);
}

/** PUT /branch/{id}: the fields sent change (an archived branch must be restored first); history names them. */
export async function updateBranch(tx: Tx, actor: Actor, id: number, input: BranchInput): Promise<Branch> {
  const row = await findBranch(tx, actor, id, true);
  if (row.archivedAt) throw branchArchived();
  const before = fieldsOf(toBranch(row));
  const after = await resolveFields(tx, actor, input, before);
  const changed = (Object.keys(after) as (keyof BranchFields)[]).filter((key) => after[key] !== before[key]);
  if (!changed.length) return toBranch(row);
  const [updated] = await tx
    .update(branches)
    .set(columnsOf(after))
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, id)))
    .returning();
  await recordHistory(tx, actor, {
    event: 'branchEdited',
    entity: 'branch',
    entityId: id,
    branchId: id,
    data: {
      name: after.name,
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    },
  });
  return toBranch(updated as BranchRow);
}

async function countRunningGroups(tx: Tx, actor: Actor, branchId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(groups)
    .where(
      and(
        eq(groups.companyId, actor.companyId),
        eq(groups.branchId, branchId),
        inArray(groups.status, [...RUNNING_GROUP_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/** The company's working branches, lowest id first. */
const workingBranches = (tx: Tx, actor: Actor) =>
  tx
    .select()
    .from(branches)
    .where(and(eq(branches.companyId, actor.companyId), isNull(branches.archivedAt)))
    .orderBy(asc(branches.id));

/** GET /branch/{id}/archive-preview: what archiving would do, for the confirmation. */
export async function previewBranchArchive(tx: Tx, actor: Actor, id: number): Promise<BranchArchivePreview> {
  const row = await findBranch(tx, actor, id);
  return {
    active_groups: await countRunningGroups(tx, actor, id),
    ...(await previewBranchPeople(tx, actor.companyId, id)),
    last_branch: !row.archivedAt && (await workingBranches(tx, actor)).every((b) => b.id === id),
  };
}

/**
 * POST /branch/{id}/archive (rules in branchArchiveInputSchema): refused while groups still run in it and
 * for the last working branch; its people move or are archived (users module), then the branch is archived.
 */
export async function archiveBranch(tx: Tx, actor: Actor, id: number, input: BranchArchiveInput): Promise<Branch> {
  // Every working branch is locked, in id order, so that two archives at once cannot both leave the other one
  // as the last branch (nor wait on each other's locks the other way round).
  const working = await workingBranches(tx, actor).for('update');
  const row = working.find((b) => b.id === id);
  if (!row) {
    await findBranch(tx, actor, id); // 404 when it is not the company's at all
    throw branchArchived();
  }
  const others = working.filter((b) => b.id !== id);
  const first = others[0];
  if (!first) throw new AppError(409, 'last_branch');
  const activeGroups = await countRunningGroups(tx, actor, id);
  if (activeGroups) throw new AppError(409, 'branch_has_active_groups', { active_groups: activeGroups });
  const target = input.people === 'move' ? others.find((b) => b.id === input.move_to_branch_id) : first;
  if (!target) {
    throw invalidField('move_to_branch_id', 'working_branch', 'move_to_branch_id: another working branch');
  }
  const people = await releaseBranchPeople(tx, actor, id, input.people, target.id);
  const [archived] = await tx
    .update(branches)
    .set({ archivedAt: new Date() })
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, id)))
    .returning();
  await recordHistory(tx, actor, {
    event: 'branchArchived',
    entity: 'branch',
    entityId: id,
    branchId: id,
    data:
      input.people === 'move'
        ? { name: row.name, people, to_branch_id: target.id, to_branch_name: target.name }
        : { name: row.name, people },
  });
  return toBranch(archived as BranchRow);
}

/**
 * POST /branch/{id}/restore: working again. Its people stay where archiving put them (moved ones in their new
 * branch, archived ones in the archive); a branch that is working already is answered as it is.
 */
export async function restoreBranch(tx: Tx, actor: Actor, id: number): Promise<Branch> {
  const row = await findBranch(tx, actor, id, true);
  if (!row.archivedAt) return toBranch(row);
  const [restored] = await tx
    .update(branches)
    .set({ archivedAt: null })
    .where(and(eq(branches.companyId, actor.companyId), eq(branches.id, id)))
    .returning();
  await recordHistory(tx, actor, {
    event: 'branchRestored',
    entity: 'branch',
    entityId: id,
    branchId: id,
    data: { name: row.name },
  });
  return toBranch(restored as BranchRow);
}
