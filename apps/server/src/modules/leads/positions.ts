import type { LeadColumn } from '@crm/contracts';
import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';

/** The gap left between cards placed at an end of a list. */
const STEP = 1024;

export interface ListRef {
  companyId: number;
  branchId: number;
  column: LeadColumn;
  sectionId: number | null;
}

const listWhere = (list: ListRef, exceptId: number | null): SQL[] => [
  eq(leads.companyId, list.companyId),
  eq(leads.branchId, list.branchId),
  eq(leads.column, list.column),
  list.sectionId === null ? isNull(leads.sectionId) : eq(leads.sectionId, list.sectionId),
  isNull(leads.archivedAt),
  isNull(leads.studentId),
  ...(exceptId === null ? [] : [sql`${leads.id} <> ${exceptId}`]),
];

/**
 * The position of a card dropped into `list` right after the card at `afterPosition` (null: at the
 * top): the midpoint between its neighbours, or a step beyond the end. `movingId` is left out of the
 * neighbours (a card moved within its own list).
 */
export async function positionAfter(
  tx: Tx,
  list: ListRef,
  afterPosition: number | null,
  movingId: number | null,
): Promise<number> {
  const where = listWhere(list, movingId);
  if (afterPosition === null) {
    const [first] = await tx
      .select({ position: leads.position })
      .from(leads)
      .where(and(...where))
      .orderBy(asc(leads.position))
      .limit(1);
    return first ? first.position - STEP : 0;
  }
  const [next] = await tx
    .select({ position: leads.position })
    .from(leads)
    .where(and(...where, gt(leads.position, afterPosition)))
    .orderBy(asc(leads.position))
    .limit(1);
  return next ? (afterPosition + next.position) / 2 : afterPosition + STEP;
}

/** A new card goes to the top of its list (the newest lead is the one to call first). */
export const topPosition = (tx: Tx, list: ListRef) => positionAfter(tx, list, null, null);

/** The last position of a list (for cards moved in bulk, e.g. out of a deleted section). */
export async function lastPosition(tx: Tx, list: ListRef): Promise<number> {
  const [last] = await tx
    .select({ position: leads.position })
    .from(leads)
    .where(and(...listWhere(list, null)))
    .orderBy(desc(leads.position))
    .limit(1);
  return last?.position ?? 0;
}
