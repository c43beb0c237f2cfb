import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import type { BillingSummary } from '../billing/booking.js';
import { settlePlaceMoney } from '../billing/settle.js';

/** A change of a student's place in a group that may move money (spec §4, §7 student-group calls). */
export type StudentMoneyMovement =
  | {
      kind: 'activation';
      groupId: number;
      studentId: number;
      /** Spec §7 recalculation_in_all_groups. */
      recalculationInAllGroups: boolean;
    }
  | {
      kind: 'archive';
      groupId: number;
      studentId: number;
      /** Spec §7 return_the_money: give back what was charged for lessons not yet taken. */
      returnTheMoney: boolean;
      leftDate: string;
    }
  | {
      kind: 'transfer';
      studentId: number;
      fromGroupId: number;
      toGroupId: number;
      /** Spec §4 "students move between groups with optional balance recalculation". */
      returnTheMoney: boolean;
      date: string;
    };

/**
 * The one place where the groups module hands a student's money over to finance.
 * It is called, in the same transaction, wherever money would move: activation,
 * archiving (with or without return_the_money), and a transfer between groups. The
 * billing engine settles it (docs/billing.md "Status changes of a student") and answers what it booked and
 * reversed.
 */
export function settleStudentMoney(tx: Tx, actor: Actor, movement: StudentMoneyMovement): Promise<BillingSummary> {
  return settlePlaceMoney(tx, actor, movement);
}
