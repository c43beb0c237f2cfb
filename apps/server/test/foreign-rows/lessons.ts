import { localDate } from '@crm/contracts';
import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/** A group of the other company meeting every day, with a student, for the attendance and lesson routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group, teacherId, studentId } = await createForeignGroup(db, foreign, {
    course: 'Foreign lessons',
    code: 'FLS',
    teacher: 'Foreign Tutor',
    student: 'Foreign Learner',
    phones: ['976100001', '976100002'],
  });
  const today = localDate();
  return {
    '/api/v1/group/:group_id/attendance/:from/:till': { params: { group_id: group, from: today, till: today } },
    '/api/v1/attendance/:student_id/:group_id/:attend_date/delete': {
      params: { student_id: studentId, group_id: group, attend_date: today },
    },
    '/api/v1/canceled-lesson/:group_id/:date': { params: { group_id: group, date: today } },
    '/api/v1/group/:group_id/teacher/change': {
      params: { group_id: group },
      bodies: { PUT: { teacher_id: teacherId, date: today, scope: 'from_date' } },
    },
  };
};
