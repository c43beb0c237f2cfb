import { type Area, canAccess, type RoleId } from '@crm/contracts';
import { AppError, forbidden } from './errors.js';

/** The signed-in user a request acts as, loaded fresh from the database on every request. */
export interface Actor {
  id: number;
  companyId: number;
  sessionId: string;
  name: string;
  roles: RoleId[];
  /** The user's own branches (for owner and CEO: every branch of the company). */
  branchIds: number[];
  /** Owner and CEO see every branch (spec §6). */
  allBranches: boolean;
}

/** branchIds of owner and CEO already hold every branch of the company, and no other company's. */
export const canUseBranch = (actor: Actor, branchId: number): boolean => actor.branchIds.includes(branchId);

/** Branch scope (spec §6, §7 branch_id): a user reaches only his branches. */
export function assertBranch(actor: Actor, branchId: number): void {
  if (!canUseBranch(actor, branchId)) throw new AppError(403, 'branch_forbidden', { branch_id: branchId });
}

/** The branch ids a list query may show: undefined means all of the company's. */
export const branchFilterOf = (actor: Actor): number[] | undefined => (actor.allBranches ? undefined : actor.branchIds);

/** For routes declared { anyOf: areas }: the area of what was actually asked (e.g. user_type=student). */
export function assertArea(actor: Actor, area: Area): void {
  if (!canAccess(area, actor.roles)) throw forbidden();
}
