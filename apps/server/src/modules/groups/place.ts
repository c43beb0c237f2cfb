import { archiveReasons, groupStudents } from '../../db/schema/index.js';

/**
 * A student's place in a group (spec §3 Student-in-group) as both the group's
 * student list and the student's own group list read it: the columns to select
 * (with the archive reason joined) and their shape in an answer.
 */
export const placeColumns = {
  createdDate: groupStudents.createdDate,
  status: groupStudents.status,
  leftDate: groupStudents.leftDate,
  reason: { id: archiveReasons.id, name: archiveReasons.name },
  archiveComment: groupStudents.archiveComment,
  exceptionSum: groupStudents.exceptionSum,
  exceptionSumReason: groupStudents.exceptionSumReason,
  exceptionSumStartDate: groupStudents.exceptionSumStartDate,
  exceptionSumEndDate: groupStudents.exceptionSumEndDate,
};

type PlaceRow = {
  createdDate: string;
  status: number;
  leftDate: string | null;
  reason: { id: number; name: string } | null;
  archiveComment: string | null;
  exceptionSum: number | null;
  exceptionSumReason: string | null;
  exceptionSumStartDate: string | null;
  exceptionSumEndDate: string | null;
};

export const placeOut = (row: PlaceRow) => ({
  created_date: row.createdDate,
  student_status: row.status,
  left_date: row.leftDate,
  archive_reason: row.reason,
  archive_comment: row.archiveComment,
  exception_sum: row.exceptionSum,
  exception_sum_reason: row.exceptionSumReason,
  exception_sum_start_date: row.exceptionSumStartDate,
  exception_sum_end_date: row.exceptionSumEndDate,
});
