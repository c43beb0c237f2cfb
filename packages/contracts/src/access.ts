import { ALWAYS_ALLOWED, Role, type RoleId } from './roles.js';

const ADMIN_SET: readonly RoleId[] = [Role.admin, Role.secondAdmin, Role.limitedAdmin, Role.branchDirector];

/**
 * The route-guard table of spec §6 as data: each area lists the roles allowed
 * besides owner and CEO, who always pass. The web guards its routes with it and
 * the server refuses (403) every API route whose area the caller's roles miss.
 */
export const ACCESS = {
  dashboard: [...ADMIN_SET, Role.teacher],
  roadmap: ADMIN_SET,
  report: ADMIN_SET,
  autoSms: ADMIN_SET,
  holiday: ADMIN_SET,
  sms: ADMIN_SET,
  call: ADMIN_SET,
  teachers: ADMIN_SET,
  rooms: ADMIN_SET,
  archiveReasons: ADMIN_SET,
  performance: ADMIN_SET,
  courses: ADMIN_SET,
  leadReasons: ADMIN_SET,
  dashboards: ADMIN_SET,
  reminders: [...ADMIN_SET, Role.teacher],
  leftStudents: [Role.admin, Role.secondAdmin],
  finance: [Role.cashier],
  groupComments: [Role.teacher],
  groupList: [Role.teacher, ...ADMIN_SET],
  groupPage: [Role.teacher, Role.student, ...ADMIN_SET],
  user: [Role.teacher, Role.student, Role.marketer, Role.cashier, Role.admin, Role.secondAdmin, Role.branchDirector],
  students: [Role.admin, Role.secondAdmin, Role.branchDirector, Role.cashier],
  rating: [Role.admin, Role.secondAdmin, Role.branchDirector, Role.cashier],
  leads: [Role.marketer, ...ADMIN_SET],
  forms: [Role.admin, Role.secondAdmin, Role.branchDirector, Role.marketer],
  tags: [Role.admin, Role.secondAdmin, Role.branchDirector, Role.marketer],
  archive: [Role.admin, Role.secondAdmin, Role.branchDirector],
  reports: [Role.admin, Role.secondAdmin, Role.branchDirector],
  blogEdit: [Role.admin, Role.secondAdmin, Role.branchDirector],
  settings: [Role.branchDirector],
  gamification: [Role.branchDirector, Role.admin],
  /** Issue 21: a student's coins — read by himself and by staff who reach him; given only if the company allows. */
  coins: [Role.teacher, Role.student, Role.cashier, ...ADMIN_SET],
  /** Issue 21: the student's own shop (his balance, products, orders). */
  shop: [Role.student],
  /** Issue 19: settings-grade (spec §2; the limited admin's menu has it, spec §2 "Menus by role"). */
  gradeSettings: ADMIN_SET,
  /** Issue 24: a parent's own screens (his children's lessons, attendance, grades, money, news). */
  parent: [Role.parent],
  staff: [],
  admin: [],
  history: [],
  billing: [],
} as const satisfies Record<string, readonly RoleId[]>;

export type Area = keyof typeof ACCESS;
export const AREAS = Object.keys(ACCESS) as Area[];

/** Any signed-in user (e.g. /auth/me, /branch); still tenant- and branch-scoped. */
export const SIGNED_IN = 'signedIn' as const;
/** No log-in at all (log-in, company shared info, health). */
export const PUBLIC = 'public' as const;
/** The platform console (issue 16): its own accounts and token kind; no centre user passes it. */
export const CONSOLE = 'console' as const;

/**
 * One path that serves several areas (GET /user for students, teachers or staff):
 * the route admits a caller allowed in any of them, and the service narrows by
 * what is asked (`assertArea`).
 */
export interface AnyOfAreas {
  anyOf: readonly Area[];
}

export type Access = Area | AnyOfAreas | typeof SIGNED_IN | typeof PUBLIC | typeof CONSOLE;

export const isAnyOf = (access: Access): access is AnyOfAreas => typeof access === 'object' && 'anyOf' in access;

/** Whether roles pass a route's declared access (public and signedIn pass any signed-in user). */
export function passesAccess(access: Access, roles: readonly RoleId[]): boolean {
  if (access === PUBLIC || access === SIGNED_IN) return true;
  if (access === CONSOLE) return false;
  if (isAnyOf(access)) return access.anyOf.some((area) => canAccess(area, roles));
  return canAccess(access, roles);
}

/**
 * A user with several roles (e.g. cashier and administrator, spec §2 "Menus by
 * role") may do what any of them may do.
 */
export function canAccess(area: Area, roles: readonly RoleId[]): boolean {
  const allowed: readonly RoleId[] = ACCESS[area];
  return roles.some((r) => ALWAYS_ALLOWED.includes(r) || allowed.includes(r));
}

/**
 * Who sees the centre's money on the screens that show it beside other figures (dashboard, audit, performance):
 * whoever may reach the money routes themselves — finance (the cashier) or students (the administrators and
 * the branch director); owner and CEO always. A limited admin and a teacher see no sum (issue 14).
 */
export const seesMoney = (roles: readonly RoleId[]): boolean =>
  canAccess('finance', roles) || canAccess('students', roles);
