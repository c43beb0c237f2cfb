/** Role ids of spec §6. The numbers are part of the API contract. */
export const Role = {
  ceo: 1,
  admin: 2,
  cashier: 4,
  marketer: 5,
  teacher: 6,
  student: 7,
  owner: 8,
  branchDirector: 9,
  limitedAdmin: 10,
  secondAdmin: 11,
  /** Issue 24: a parent of one or more students of the company (not in spec §6, which has parents only as contacts). */
  parent: 12,
} as const;

export type RoleName = keyof typeof Role;
export type RoleId = (typeof Role)[RoleName];

export const ROLE_IDS = Object.values(Role) as RoleId[];

/** The names the spec's guard table uses ("Project owner", "Administrator2", ...). */
export const ROLE_LABEL: Record<RoleId, string> = {
  1: 'CEO',
  2: 'Administrator',
  4: 'Cashier',
  5: 'Marketer',
  6: 'Teacher',
  7: 'Student',
  8: 'Project owner',
  9: 'Branch Director',
  10: 'Limited Admin',
  11: 'Administrator2',
  12: 'Parent',
};

export const roleNameOf = (id: RoleId): RoleName =>
  (Object.keys(Role) as RoleName[]).find((name) => Role[name] === id) as RoleName;

export const isRoleId = (value: number): value is RoleId => (ROLE_IDS as number[]).includes(value);

/** Spec §6: staff = owner, CEO, branch director, admin, second admin, limited admin. */
export const STAFF_ROLES: readonly RoleId[] = [
  Role.owner,
  Role.ceo,
  Role.branchDirector,
  Role.admin,
  Role.secondAdmin,
  Role.limitedAdmin,
];

/** Owner and CEO pass every guard and see every branch (spec §6). */
export const ALWAYS_ALLOWED: readonly RoleId[] = [Role.owner, Role.ceo];

export const seesAllBranches = (roles: readonly RoleId[]): boolean => roles.some((r) => ALWAYS_ALLOWED.includes(r));

/** Spec §6: "The current role is the user's first role." */
export const currentRoleOf = (roles: readonly RoleId[]): RoleId | undefined => roles[0];

/**
 * Spec §6: the owner works in his first branch, everybody else in main_branch
 * (falling back to the first branch when main_branch is not set).
 */
export function currentBranchOf(user: {
  roles: readonly RoleId[];
  branches: readonly { id: number }[];
  main_branch: number | null;
}): number | undefined {
  const first = user.branches[0]?.id;
  if (currentRoleOf(user.roles) === Role.owner) return first;
  return user.main_branch ?? first;
}

/** Where a failed guard sends the user (spec §6). */
export function roleHome(roles: readonly RoleId[]): '/dashboard' | '/user/profile' | '/parent' {
  const role = currentRoleOf(roles);
  if (role === Role.parent) return '/parent';
  if (role === Role.student || role === Role.cashier || role === Role.marketer) return '/user/profile';
  return '/dashboard';
}
