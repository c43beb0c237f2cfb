import { localDate, StudentStatus } from '@crm/contracts';
import { createCourse } from '../../src/seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../src/seed/groups-factories.js';
import { createStudent, createTeacher } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** A group of the other company meeting every day, with a student, for the attendance and lesson routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const courseId = await createCourse(db, foreign.id, { name: 'Foreign lessons', code: 'FLS' });
  const teacherId = await createTeacher(db, foreign.id, {
    name: 'Foreign Tutor',
    phone: '976100001',
    branchIds: [branchId],
  });
  const studentId = await createStudent(db, foreign.id, {
    name: 'Foreign Learner',
    phone: '976100002',
    branchIds: [branchId],
  });
  const group = await createGroupRow(db, foreign.id, {
    branchId,
    courseId,
    teacherId,
    dayType: 'every_day',
    startTime: '12:00',
    endTime: '13:00',
    startDate: '2025-01-01',
  });
  await addStudentToGroupRow(db, foreign.id, group, studentId, {
    status: StudentStatus.active,
    createdDate: '2025-01-01',
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
