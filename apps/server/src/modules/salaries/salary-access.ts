import { type AnyOfAreas, Role, type RoleId } from '@crm/contracts';
import type { Actor } from '../../platform/actor.js';
import { forbidden } from '../../platform/errors.js';

/**
 * Who does what with salaries (docs/decisions/0014). The route guards admit the finance
 * area (cashier) and the branch's administrators (the reports area: admin, second admin,
 * branch director), plus, for reading, the user area where a teacher's own salary lives
 * (spec §2 "user hash #2 is salary"); the service narrows by role.
 */
export const SALARY_MANAGE_ACCESS: AnyOfAreas = { anyOf: ['finance', 'reports'] };
export const SALARY_READ_ACCESS: AnyOfAreas = { anyOf: ['finance', 'reports', 'user'] };

/** Calculate, publish, unpublish and change the rules of pay in their branches. */
const MANAGERS: readonly RoleId[] = [Role.owner, Role.ceo, Role.branchDirector, Role.admin, Role.secondAdmin];
/** Read every salary of their branches. */
const READERS: readonly RoleId[] = [...MANAGERS, Role.cashier];

export const isSalaryManager = (actor: Actor): boolean => actor.roles.some((r) => MANAGERS.includes(r));
export const isSalaryReader = (actor: Actor): boolean => actor.roles.some((r) => READERS.includes(r));
/** A teacher (who is not also a reader) sees only his own published months. */
export const readsOwnOnly = (actor: Actor): boolean => !isSalaryReader(actor) && actor.roles.includes(Role.teacher);

export function assertSalaryManager(actor: Actor): void {
  if (!isSalaryManager(actor)) throw forbidden();
}

export function assertSalaryReader(actor: Actor): void {
  if (!isSalaryReader(actor)) throw forbidden();
}
