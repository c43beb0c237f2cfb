import { StudentStatus } from '@crm/contracts';
import { createCourse } from '../../src/seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../src/seed/groups-factories.js';
import { createStudent, createTeacher } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** Two groups of the other company with a student in the first, for the group and student-group routes. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const courseId = await createCourse(db, foreign.id, { name: 'Foreign course', code: 'FRN' });
  const teacherId = await createTeacher(db, foreign.id, {
    name: 'Foreign Teacher',
    phone: '976000001',
    branchIds: [branchId],
  });
  const studentId = await createStudent(db, foreign.id, {
    name: 'Foreign Pupil',
    phone: '976000002',
    branchIds: [branchId],
  });
  const group = await createGroupRow(db, foreign.id, {
    branchId,
    courseId,
    teacherId,
    startTime: '08:00',
    endTime: '09:00',
  });
  const other = await createGroupRow(db, foreign.id, {
    branchId,
    courseId,
    teacherId,
    startTime: '10:00',
    endTime: '11:00',
  });
  await addStudentToGroupRow(db, foreign.id, group, studentId, { status: StudentStatus.active });

  const exception = {
    exception_sum: 100_000,
    exception_sum_start_date: '2025-01-01',
    exception_sum_end_date: '2025-06-30',
  };
  return {
    '/api/v1/group/:id': { params: { id: group }, bodies: { PUT: { name: 'Hijacked' } } },
    '/api/v1/group/:id/students': { params: { id: group }, bodies: { POST: { student_ids: [studentId] } } },
    '/api/v1/group/:id/history': { params: { id: group } },
    '/api/v1/group/:id/periods': { params: { id: group } },
    '/api/v1/group/:group_id/students/:student_id': {
      params: { group_id: other, student_id: studentId },
      bodies: { POST: {} },
    },
    '/api/v1/group/:group/student/:student': { params: { group, student: studentId } },
    '/api/v1/group/:group/student/:student/:status': {
      params: { group, student: studentId, status: StudentStatus.frozen },
    },
    '/api/v1/student/:student_id/group/:old_group_id/transfer/:group_id': {
      params: { student_id: studentId, old_group_id: group, group_id: other },
      bodies: { POST: {} },
    },
    '/api/v1/student/:id/groups': { params: { id: studentId } },
    '/api/v1/group/:group_id/user/:user_id/exception': {
      params: { group_id: group, user_id: studentId },
      bodies: { PUT: exception },
    },
  };
};
