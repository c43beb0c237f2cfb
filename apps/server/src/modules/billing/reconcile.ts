import { chargeKey, parseChargeKey } from './engine.js';
import type { BillingUnit } from './units.js';

/** Why a charge was reversed: the engine's own recalculation, or a person's waiver (re_withdraw without re-booking). */
export type ReversalCause = 'billing' | 'waiver';

/** A charge already in the ledger for one student in one group. */
export interface BookedCharge {
  id: number;
  naturalKey: string;
  /** Signed, as stored: a charge is negative. */
  amount: number;
  entryDate: string;
  branchId: number;
  /** The cause of the entry that reversed it; null while it counts. */
  reversedBy: string | null;
}

export interface ChargePlan {
  book: { unit: BillingUnit; key: string }[];
  reverse: { charge: BookedCharge; unit: BillingUnit | null }[];
}

export interface ReconcilePolicy {
  /**
   * Units ending on or after this day are recalculated when their charge differs from
   * what is owed; earlier units are closed: only a missing charge is booked, and a unit
   * that now owes nothing (a by-day lesson cancelled afterwards) is given back.
   */
  recalculateFrom: string;
  /**
   * The day the student left, when a departure is settled elsewhere (settle.ts): the
   * units he left during or after stay as booked; only a missing one is booked.
   */
  settledFrom: string | null;
}

interface UnitState {
  active: BookedCharge[];
  owed: number;
  nextRevision: number;
  waived: boolean;
}

/** The place's charges by unit: those that count, their total (positive), the next revision. */
export function chargesByUnit(booked: readonly BookedCharge[]): Map<string, UnitState> {
  const states = new Map<string, UnitState>();
  for (const charge of booked) {
    const key = parseChargeKey(charge.naturalKey);
    if (!key) continue;
    let state = states.get(key.unit);
    if (!state) {
      state = { active: [], owed: 0, nextRevision: 1, waived: false };
      states.set(key.unit, state);
    }
    state.nextRevision = Math.max(state.nextRevision, key.revision + 1);
    if (charge.reversedBy === null) {
      state.active.push(charge);
      state.owed -= charge.amount;
    } else if (charge.reversedBy === 'waiver') {
      state.waived = true;
    }
  }
  return states;
}

/**
 * What to write so the ledger holds, for each unit, what the student owes for it
 * (docs/billing.md "Daily run"). Pure: the same inputs always give the same plan, and
 * a plan applied once makes the next plan empty — the run is idempotent.
 */
export function planCharges(
  groupId: number,
  studentId: number,
  units: readonly BillingUnit[],
  booked: readonly BookedCharge[],
  policy: ReconcilePolicy,
): ChargePlan {
  const plan: ChargePlan = { book: [], reverse: [] };
  const states = chargesByUnit(booked);
  for (const unit of units) {
    const state = states.get(unit.unit);
    const key = (revision: number) => chargeKey(groupId, studentId, unit.unit, revision);
    if (!state?.active.length) {
      // Never booked, or given back by the engine: book what is owed. A waived unit stays waived.
      if (unit.amount > 0 && !state?.waived) plan.book.push({ unit, key: key(state?.nextRevision ?? 1) });
      continue;
    }
    if (state.owed === unit.amount) continue;
    if (policy.settledFrom !== null && unit.end >= policy.settledFrom) continue;
    if (unit.end < policy.recalculateFrom && unit.amount > 0) continue;
    for (const charge of state.active) plan.reverse.push({ charge, unit });
    if (unit.amount > 0) plan.book.push({ unit, key: key(state.nextRevision) });
  }
  return plan;
}
