import { StudentStatus } from '@crm/contracts';

/** A change of the student's status in the group, on the company-local day it took effect. */
export interface StatusChange {
  date: string;
  from: number;
  to: number;
}

/** A student in a group as the engine sees it (spec §3 Student-in-group). */
export interface BillingPlace {
  groupId: number;
  studentId: number;
  /** Joined (spec created_date): lessons from this day on may be charged. */
  createdDate: string;
  /** Left (archived or moved away): lessons from this day on are not charged here. */
  leftDate: string | null;
  /** The current status. */
  status: number;
  /** Spec §3 exception_sum: an individual price that replaces the course price between its dates. */
  exception: { sum: number; start: string | null; end: string | null } | null;
  /** Status changes in the order they happened (see statusOn). */
  changes: readonly StatusChange[];
}

/**
 * The student's status on a day. Before the first recorded change the place had that
 * change's "from" status (a place with no change has had its current status since it
 * was created); each change holds from its day on. Days after today take the current
 * status: the engine charges periods in advance as if nothing will change.
 */
export function statusOn(place: BillingPlace, date: string): number {
  let status = place.changes[0]?.from ?? place.status;
  for (const change of place.changes) {
    if (change.date > date) break;
    status = change.to;
  }
  return status;
}

/** Whether the student is in the group that day (joined, not yet left). */
export const isMemberOn = (place: BillingPlace, date: string): boolean =>
  date >= place.createdDate && (place.leftDate === null || date < place.leftDate);

/**
 * A lesson that day is charged to the student: he is in the group and active (status 5).
 * Trial (1, 2, 3), frozen (4) and archived (6) days are never charged.
 */
export const isChargeableOn = (place: BillingPlace, date: string): boolean =>
  isMemberOn(place, date) && statusOn(place, date) === StudentStatus.active;

/** The monthly price in force that day: the individual price between its dates, else the course's. */
export function priceOn(place: BillingPlace, coursePrice: number, date: string): number {
  const e = place.exception;
  if (e && (e.start === null || date >= e.start) && (e.end === null || date <= e.end)) return e.sum;
  return coursePrice;
}
