import { canAccess, type WorklyPolicies, zonedDateTime } from '@crm/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { WorklyConnector } from '../../adapters/workly/http-client.js';
import {
  type WorklyApi,
  WorklyCredentialsRejectedError,
  WorklyUnavailableError,
} from '../../adapters/workly/workly-api.js';
import type { Tx } from '../../db/client.js';
import { userBranches, users, worklyBindings } from '../../db/schema/index.js';
import { type Actor, assertBranch, branchFilterOf } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import { readWorklyCredentials } from '../company/workly-credentials.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Workly's client factory (WORKLY_API_URL); null: this server reaches no Workly (the tests' default). */
    workly: WorklyConnector | null;
  }
}

/**
 * What a Workly service needs of its request. Workly is called between two short company transactions,
 * never inside one: a transaction (on PGlite: the one connection) is not held while Workly thinks.
 */
export interface WorklyContext {
  tenant<T>(work: (tx: Tx, actor: Actor) => Promise<T>): Promise<T>;
  connector: WorklyConnector | null;
  log: FastifyRequest['log'];
  now: Date;
}

export const contextOf = (req: FastifyRequest): WorklyContext => ({
  tenant: (work) => req.tenant(work),
  connector: req.server.workly,
  log: req.log,
  now: req.server.clock(),
});

/** Spec §6 as the page needs it: reading is the reports area, credentials settings, binding staff. */
export const worklyPoliciesOf = (actor: Actor): WorklyPolicies => ({
  view: canAccess('reports', actor.roles),
  connect: canAccess('settings', actor.roles),
  bind: canAccess('staff', actor.roles),
});

export interface ConnectedCompany {
  api: WorklyApi;
  /** The company's day now: Workly's dates and times are the company's local ones. */
  today: string;
}

/** The company's Workly client, or 409 workly_not_connected when it has no credentials (or the server no Workly). */
export async function connectedWorkly(ctx: WorklyContext, tx: Tx, actor: Actor): Promise<ConnectedCompany> {
  const { credentials, timeZone } = await readWorklyCredentials(tx, actor.companyId);
  if (!credentials || !ctx.connector) throw new AppError(409, 'workly_not_connected');
  return { api: ctx.connector.clientFor(credentials, ctx.log), today: zonedDateTime(ctx.now, timeZone).date };
}

/** A call to Workly, its failures in the API's words: 502 when it is down, 409 when it refuses the credentials. */
export async function askWorkly<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof WorklyUnavailableError) throw new AppError(502, 'workly_unavailable');
    if (err instanceof WorklyCredentialsRejectedError) throw new AppError(409, 'workly_credentials_rejected');
    throw err;
  }
}

/**
 * Whose rows a list shows. Workly knows no branches: a row is placed by the staff member bound to it. With a
 * `branch_id` (the header's branch), the staff of that branch; without, the caller's branches — and a Workly
 * employee bound to nobody only to who sees every branch (owner, CEO), who is the one to bind him.
 */
export interface WorklyScope {
  branchIds: number[] | undefined;
  showsUnbound: boolean;
}

export function scopeOf(actor: Actor, branchId: number | undefined): WorklyScope {
  if (branchId !== undefined) {
    assertBranch(actor, branchId);
    return { branchIds: [branchId], showsUnbound: false };
  }
  const branchIds = branchFilterOf(actor);
  return { branchIds, showsUnbound: branchIds === undefined };
}

export interface BoundStaff {
  userId: number;
  name: string;
  workly_employee_id: string;
  bound_at: Date;
  /** Works in a branch of the scope. */
  inScope: boolean;
}

/** Every binding of the company with its staff member's name and whether he is in scope: one statement. */
export async function boundStaffOf(tx: Tx, actor: Actor, scope: WorklyScope): Promise<Map<string, BoundStaff>> {
  const inScope = scope.branchIds
    ? sql<boolean>`exists (select 1 from ${userBranches} where ${and(
        eq(userBranches.companyId, worklyBindings.companyId),
        eq(userBranches.userId, worklyBindings.userId),
        inArray(userBranches.branchId, scope.branchIds.length ? scope.branchIds : [-1]),
      )})`
    : sql<boolean>`true`;
  const rows = await tx
    .select({
      userId: worklyBindings.userId,
      name: users.name,
      workly_employee_id: worklyBindings.worklyEmployeeId,
      bound_at: worklyBindings.createdAt,
      inScope,
    })
    .from(worklyBindings)
    .innerJoin(users, and(eq(users.companyId, worklyBindings.companyId), eq(users.id, worklyBindings.userId)))
    .where(eq(worklyBindings.companyId, actor.companyId));
  return new Map(rows.map((row) => [row.workly_employee_id, row]));
}

/**
 * Where a Workly employee's row goes: to his bound staff member when in scope, nowhere when that staff
 * member is of another branch; bound to nobody (`unbound`, counted), under Workly's name if the scope shows it.
 */
export function placeOf(
  staff: Map<string, BoundStaff>,
  scope: WorklyScope,
  employeeId: string,
  worklyName: string,
): { row: { user_id: number | null; name: string } | null; unbound: boolean } {
  const bound = staff.get(employeeId);
  if (bound) return { row: bound.inScope ? { user_id: bound.userId, name: bound.name } : null, unbound: false };
  return { row: scope.showsUnbound ? { user_id: null, name: worklyName } : null, unbound: true };
}
