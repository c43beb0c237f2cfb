import type { StudentFeeGroup } from '@crm/contracts';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { loadGroupsToBill, loadPlaces } from '../billing/billing-data.js';
import { priceOn } from '../billing/place.js';
import { studentBalance } from '../finance/balances.js';
import { groupLines } from '../finance/debtors-query.js';
import { companyTime } from '../lessons/company-time.js';

/**
 * What a student's payment screen needs to propose an amount: his balance and, per group of his, a month's
 * price. The profile (GET /user/{id}) leaves the balance out and GET /user/{id}/balance is the cashier's, so
 * the checkout list carries both, read through the finance and billing modules' own functions: the screen
 * shows the same balance as the cashier's and the month price the billing engine charges.
 */
export interface StudentFeeSummary {
  balance: number;
  groups: StudentFeeGroup[];
}

/** The caller must already be allowed to pay for the student (payingReach answers whom to read as). */
export async function studentFeeSummary(tx: Tx, actor: Actor, studentId: number, at: Date): Promise<StudentFeeSummary> {
  const { balance } = await studentBalance(tx, actor, studentId);
  // His current groups and the left ones his money is booked in: the groups a fee can go to.
  const lines = await groupLines(tx, actor.companyId, [studentId]);
  if (!lines.length) return { balance, groups: [] };
  const groupIds = lines.map((line) => line.groupId);
  const { today, timeZone } = await companyTime(tx, actor.companyId, at);
  // Unlocked: a reader must neither wait for nor hold up a billing batch.
  const billed = await loadGroupsToBill(tx, actor.companyId, inArray(groups.id, groupIds), { lock: false });
  const places = await loadPlaces(tx, actor.companyId, groupIds, timeZone, studentId);
  const coursePrice = new Map(billed.map((group) => [group.id, group.price]));
  const placeOf = new Map(places.map((place) => [place.groupId, place]));
  return {
    balance,
    groups: lines.map((line) => {
      const price = coursePrice.get(line.groupId) ?? 0;
      const place = placeOf.get(line.groupId);
      return {
        group_id: line.groupId,
        name: line.title,
        month_price: place ? priceOn(place, price, today) : price,
      };
    }),
  };
}
