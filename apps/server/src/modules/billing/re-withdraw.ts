import type { ReWithdrawBody, ReWithdrawQuery, ReWithdrawRequest, ReWithdrawResult } from '@crm/contracts';
import { groupTitle } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { assertGroupEditor, findVisibleGroup } from '../groups/group-scope.js';
import { invalidField, invalidFields } from '../groups/service.js';
import { loadGroupsToBill } from './billing-data.js';
import { billPlaces, writePlans } from './booking.js';
import { companyBilling } from './company-billing.js';
import { chargeKey } from './engine.js';
import { type ChargePlan, chargesByUnit } from './reconcile.js';

/** Query and body of re_withdraw merged (the query wins) and checked. */
export function reWithdrawRequest(query: ReWithdrawQuery, body: ReWithdrawBody): ReWithdrawRequest {
  const from = query.from ?? body?.from;
  const to = query.to ?? body?.to;
  const missing = [
    ...(from ? [] : [{ field: 'from', rule: 'required', message: 'Give the first day of the period' }]),
    ...(to ? [] : [{ field: 'to', rule: 'required', message: 'Give the last day of the period' }]),
  ];
  if (missing.length) throw invalidFields(missing);
  if (to! < from!) throw invalidField('to', 'end_before_start', 'The period ends before it starts');
  const request: ReWithdrawRequest = {
    from: from!,
    to: to!,
    branchId: query.branch_id ?? body?.branch_id ?? null,
    removeWithdraws: query.remove_withdraws ?? body?.remove_withdraws ?? true,
    makeWithdraw: query.make_withdraw ?? body?.make_withdraw ?? true,
    reason: query.reason ?? body?.reason ?? null,
  };
  if (!request.removeWithdraws && !request.makeWithdraw) {
    throw invalidField('make_withdraw', 'nothing_to_do', 'Choose to remove the charges, to book them, or both');
  }
  return request;
}

/**
 * POST /group/{group_id}/re_withdraw (docs/billing.md "Recalculating a period"): the
 * group's units beginning in the period (and by today) are reversed and/or booked anew as
 * the engine calculates them now. Staff who may edit the group only.
 */
export async function reWithdraw(
  tx: Tx,
  actor: Actor,
  groupId: number,
  query: ReWithdrawQuery,
  body: ReWithdrawBody,
  at: Date,
): Promise<ReWithdrawResult> {
  assertGroupEditor(actor);
  const group = await findVisibleGroup(tx, actor, groupId, true);
  const request = reWithdrawRequest(query, body);
  if (request.branchId !== null && request.branchId !== group.branchId) {
    throw invalidField('branch_id', 'not_group_branch', 'The group belongs to another branch');
  }
  const ctx = await companyBilling(tx, actor.companyId, at, actor.id);
  const till = [request.to, ctx.today].sort()[0]!; // units that have begun by today
  const inPeriod = (date: string) => date >= request.from && date <= request.to;

  const toBill = await loadGroupsToBill(tx, actor.companyId, eq(groups.id, groupId));
  const bills = request.from <= till ? await billPlaces(tx, ctx, toBill, { from: request.from, till }) : [];
  const plans = bills.map((bill) => {
    const plan: ChargePlan = { book: [], reverse: [] };
    const states = chargesByUnit(bill.booked);
    if (request.removeWithdraws) {
      // Every engine charge dated in the period, also of units the engine no longer makes (another mode).
      for (const charge of bill.booked) {
        if (charge.reversedBy === null && inPeriod(charge.entryDate)) plan.reverse.push({ charge, unit: null });
      }
    }
    if (request.makeWithdraw) {
      for (const unit of bill.units) {
        if (!inPeriod(unit.start) || unit.amount <= 0) continue;
        const state = states.get(unit.unit);
        if (!request.removeWithdraws && state?.active.length) continue;
        const revision = state?.nextRevision ?? 1;
        plan.book.push({ unit, key: chargeKey(groupId, bill.place.studentId, unit.unit, revision) });
      }
    }
    return { bill, plan };
  });
  const reason = request.reason ?? `Recalculated for ${request.from} – ${request.to}`;
  const written = await writePlans(tx, ctx, plans, { cause: request.makeWithdraw ? 'billing' : 'waiver', reason });
  const result: ReWithdrawResult = {
    group_id: groupId,
    from: request.from,
    to: request.to,
    reversed: written.reversed.count,
    reversed_amount: written.reversed.amount,
    booked: written.booked.count,
    booked_amount: written.booked.amount,
  };
  await recordHistory(tx, actor, {
    event: 'balanceEdited',
    entity: 'group',
    entityId: groupId,
    branchId: group.branchId,
    data: {
      action: 're_withdraw',
      group_title: groupTitle(group),
      remove_withdraws: request.removeWithdraws,
      make_withdraw: request.makeWithdraw,
      reason,
      ...result,
    },
  });
  return result;
}
