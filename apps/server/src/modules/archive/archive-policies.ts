import { type ArchiveItem, type ArchiveKind, type Area, canAccess, isRoleId, userTypesOf } from '@crm/contracts';
import type { Actor } from '../../platform/actor.js';
import { isGroupStaff } from '../groups/group-scope.js';
import { assertMayWrite, type TargetUser } from '../users/queries.js';

/** The page each kind opens on, by its area (a lead has none: it lives on the board). */
const OPEN_AREA: Record<ArchiveKind, Area | null> = {
  student: 'students',
  teacher: 'teachers',
  staff: 'staff',
  group: 'groupPage',
  lead: null,
};

/**
 * Whether the users module would let the caller restore this person: its own rule (the area of every
 * kind he is, a rank not above the caller's; nobody restores himself), asked rather than restated.
 */
function mayRestorePerson(actor: Actor, row: { id: number; roles: number[] | null }): boolean {
  if (row.id === actor.id) return false;
  const roles = (row.roles ?? []).filter(isRoleId);
  const target: TargetUser = {
    id: row.id,
    name: '',
    phone: '',
    roles,
    types: userTypesOf(roles),
    branchIds: [],
    mainBranchId: null,
    archived: true,
  };
  try {
    assertMayWrite(actor, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the caller may do with an archived row, by the owning module's rules: people through the users
 * module's, a group as its editors (the group staff) may reopen it, a lead as anyone of the leads area.
 */
export function policiesOf(actor: Actor, row: { kind: ArchiveKind; id: number; roles: number[] | null }) {
  const area = OPEN_AREA[row.kind];
  const open = area !== null && canAccess(area, actor.roles);
  let restore: boolean;
  if (row.kind === 'group') restore = isGroupStaff(actor);
  else if (row.kind === 'lead') restore = canAccess('leads', actor.roles);
  else restore = mayRestorePerson(actor, row);
  return { restore, open } satisfies ArchiveItem['policies'];
}
