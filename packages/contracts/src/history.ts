/**
 * History (audit) event types of spec §3: numbered 1 to 60. The spec names some
 * of them without their numbers; the numbering here is ours and stable — append,
 * never renumber.
 */
export const HistoryEvent = {
  leadAdded: 1,
  courseChanged: 2,
  groupCreated: 3,
  groupEdited: 4,
  groupDeleted: 5,
  balanceTopUp: 6,
  paymentCancelled: 7,
  refund: 8,
  attendanceMarked: 9,
  studentMoved: 10,
  smsSent: 11,
  balanceEdited: 12,
  roomCreated: 13,
  roomEdited: 14,
  roomDeleted: 15,
  userLoggedIn: 16,
  userLoggedOut: 17,
} as const;

export type HistoryEventName = keyof typeof HistoryEvent;
export type HistoryEventType = (typeof HistoryEvent)[HistoryEventName];
export const HISTORY_EVENT_NAMES = Object.fromEntries(
  Object.entries(HistoryEvent).map(([name, id]) => [id, name]),
) as Record<HistoryEventType, HistoryEventName>;
