import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';

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
 * archiving with return_the_money, and a transfer between groups.
 *
 * Deliberately empty for now: the finance issue implements it (ledger entries,
 * charges, refunds and recalculation per ARCHITECTURE.md "Money"). Until then no
 * balance is touched or faked here.
 */
export async function settleStudentMoney(_tx: Tx, _actor: Actor, _movement: StudentMoneyMovement): Promise<void> {
  // Implemented by the finance issue.
}
