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
  courseCreated: 18,
  courseDeleted: 19,
  courseFileUploaded: 20,
  courseFileDeleted: 21,
  courseFolderChanged: 22,
  userCreated: 23,
  userEdited: 24,
  userArchived: 25,
  userRestored: 26,
  userDeleted: 27,
  userMovedBranch: 28,
  usersImported: 29,
  userCommentAdded: 30,
  studentAddedToGroup: 31,
  studentStatusChanged: 32,
  studentRemovedFromGroup: 33,
  individualPriceSet: 34,
  individualPriceRemoved: 35,
  groupArchived: 36,
  groupCommentAdded: 37,
  holidayChanged: 38,
  tagChanged: 39,
  archiveReasonChanged: 40,
  tagsAssigned: 41,
  companySettingsChanged: 42,
  expenseCreated: 43,
  expenseEdited: 44,
  expenseDeleted: 45,
  expenseTypeChanged: 46,
} as const;

export type HistoryEventName = keyof typeof HistoryEvent;
export type HistoryEventType = (typeof HistoryEvent)[HistoryEventName];
export const HISTORY_EVENT_NAMES = Object.fromEntries(
  Object.entries(HistoryEvent).map(([name, id]) => [id, name]),
) as Record<HistoryEventType, HistoryEventName>;
