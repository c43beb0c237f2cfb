import {
  ROLE_IDS,
  Role,
  type WorklyBindInput,
  type WorklyBinding,
  type WorklyBindingRefusal,
  type WorklyBindings,
} from '@crm/contracts';
import { and, arrayOverlaps, asc, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { userBranches, users, worklyBindings } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import {
  askWorkly,
  boundStaffOf,
  connectedWorkly,
  scopeOf,
  type WorklyContext,
  type WorklyScope,
  worklyPoliciesOf,
} from './workly-context.js';

/** Who clocks in: anyone with a role other than student (staff of spec §6, teachers, cashiers, marketers). */
const EMPLOYEE_ROLES = ROLE_IDS.filter((role) => role !== Role.student && role !== Role.parent);

/** Spec §8 "worker binding (time-tracking) error", with the reason the page words. */
const refuse = (reason: WorklyBindingRefusal, status = 400) => new AppError(status, 'worker_binding_error', { reason });

const inScope = (scope: WorklyScope): SQL | undefined =>
  scope.branchIds
    ? sql`exists (select 1 from ${userBranches} where ${and(
        eq(userBranches.companyId, users.companyId),
        eq(userBranches.userId, users.id),
        inArray(userBranches.branchId, scope.branchIds.length ? scope.branchIds : [-1]),
      )})`
    : undefined;

/** GET /workly/bindings: Workly's employees, the scope's bindings, and the scope's staff not yet bound. */
export async function listBindings(ctx: WorklyContext, branchId: number | undefined): Promise<WorklyBindings> {
  const setup = await ctx.tenant(async (tx, actor) => {
    const scope = scopeOf(actor, branchId);
    const { api } = await connectedWorkly(ctx, tx, actor);
    const staff = await boundStaffOf(tx, actor, scope);
    const unbound = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.companyId, actor.companyId),
          isNull(users.archivedAt),
          arrayOverlaps(users.roles, EMPLOYEE_ROLES),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(worklyBindings)
              .where(and(eq(worklyBindings.companyId, users.companyId), eq(worklyBindings.userId, users.id))),
          ),
          inScope(scope),
        ),
      )
      .orderBy(asc(users.name), asc(users.id));
    return { api, staff, unbound, policies: worklyPoliciesOf(actor) };
  });
  const employees = await askWorkly(() => setup.api.listEmployees());
  const names = new Map(employees.map((e) => [e.id, e.fullName]));
  const bindings: WorklyBinding[] = [...setup.staff.values()]
    .filter((bound) => bound.inScope)
    .map((bound) => ({
      user_id: bound.userId,
      user_name: bound.name,
      workly_employee_id: bound.workly_employee_id,
      workly_name: names.get(bound.workly_employee_id) ?? null,
      bound_at: bound.bound_at.toISOString(),
    }))
    .sort((a, b) => a.user_name.localeCompare(b.user_name));
  return {
    employees: employees
      .map((e) => ({ id: e.id, full_name: e.fullName, position: e.position, bound: setup.staff.has(e.id) }))
      .sort((a, b) => a.full_name.localeCompare(b.full_name)),
    bindings,
    unbound_staff: setup.unbound,
    policies: setup.policies,
  };
}

/**
 * POST /workly: binds an employee of the company to a Workly employee Workly really lists. A staff member
 * already bound to another employee is moved; a binding that exists already is answered as it is.
 */
export async function bindWorklyEmployee(ctx: WorklyContext, input: WorklyBindInput): Promise<WorklyBinding> {
  const employeeId = input.workly_employee_id;
  const { api } = await ctx.tenant(async (tx, actor) => {
    const connected = await connectedWorkly(ctx, tx, actor);
    await assertBindable(tx, actor, input);
    return connected;
  });
  const employee = (await askWorkly(() => api.listEmployees())).find((e) => e.id === employeeId);
  if (!employee) throw refuse('unknown_workly_employee');

  return ctx.tenant(async (tx, actor) => {
    // Again inside the writing transaction: the world may have moved while Workly answered.
    const user = await assertBindable(tx, actor, input);
    const [before] = await tx
      .select()
      .from(worklyBindings)
      .where(and(eq(worklyBindings.companyId, actor.companyId), eq(worklyBindings.userId, user.id)))
      .for('update');
    let boundAt = before?.createdAt ?? ctx.now;
    if (before?.worklyEmployeeId !== employeeId) {
      const values = { worklyEmployeeId: employeeId, boundBy: actor.id, createdAt: ctx.now };
      if (before) {
        await tx
          .update(worklyBindings)
          .set(values)
          .where(and(eq(worklyBindings.companyId, actor.companyId), eq(worklyBindings.userId, user.id)));
      } else await tx.insert(worklyBindings).values({ companyId: actor.companyId, userId: user.id, ...values });
      boundAt = ctx.now;
      await recordHistory(tx, actor, {
        event: 'worklyBound',
        entity: 'user',
        entityId: user.id,
        data: {
          workly_employee_id: employeeId,
          workly_name: employee.fullName,
          previous_workly_employee_id: before?.worklyEmployeeId ?? null,
        },
      });
    }
    return {
      user_id: user.id,
      user_name: user.name,
      workly_employee_id: employeeId,
      workly_name: employee.fullName,
      bound_at: boundAt.toISOString(),
    };
  });
}

/** The user may be bound to this employee: ours, an employee, active, and the employee nobody else's. */
async function assertBindable(tx: Tx, actor: Actor, input: WorklyBindInput) {
  const [user] = await tx
    .select({ id: users.id, name: users.name, roles: users.roles, archivedAt: users.archivedAt })
    .from(users)
    // Row-level security already hides another company's user; he reads exactly as one who does not exist.
    .where(and(eq(users.companyId, actor.companyId), eq(users.id, input.user_id), inScope(scopeOf(actor, undefined))));
  if (!user) throw refuse('unknown_user');
  if (!user.roles.some((role) => role !== Role.student)) throw refuse('student');
  if (user.archivedAt) throw refuse('archived');
  const [holder] = await tx
    .select({ userId: worklyBindings.userId })
    .from(worklyBindings)
    .where(
      and(eq(worklyBindings.companyId, actor.companyId), eq(worklyBindings.worklyEmployeeId, input.workly_employee_id)),
    );
  if (holder && holder.userId !== user.id) throw refuse('workly_employee_taken', 409);
  return user;
}

/** DELETE /workly/bindings/{user_id}: needs no Workly (one may unbind after disconnecting). */
export async function unbindWorklyEmployee(tx: Tx, actor: Actor, userId: number): Promise<void> {
  const [removed] = await tx
    .delete(worklyBindings)
    .where(and(eq(worklyBindings.companyId, actor.companyId), eq(worklyBindings.userId, userId)))
    .returning({ employeeId: worklyBindings.worklyEmployeeId });
  if (!removed) throw notFound();
  await recordHistory(tx, actor, {
    event: 'worklyUnbound',
    entity: 'user',
    entityId: userId,
    data: { workly_employee_id: removed.employeeId },
  });
}
