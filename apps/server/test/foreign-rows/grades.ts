import { localDate, StudentStatus } from '@crm/contracts';
import { createCourse } from '../../src/seed/courses-factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../src/seed/groups-factories.js';
import { createStudent, createTeacher } from '../../src/seed/users-factories.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's group and student: their grades and the comments about him must read as absent (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const branchId = foreign.branchIds[0]!;
  const courseId = await createCourse(db, foreign.id, { name: 'Foreign grades', code: 'FGR' });
  const teacherId = await createTeacher(db, foreign.id, {
    name: 'Foreign Grader',
    phone: '976200001',
    branchIds: [branchId],
  });
  const studentId = await createStudent(db, foreign.id, {
    name: 'Foreign Pupil',
    phone: '976200002',
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
    '/api/v1/group/:group_id/grades/:from/:till': { params: { group_id: group, from: today, till: today } },
    '/api/v1/user/:id/grades': { params: { id: studentId } },
    '/api/v1/user/:id/group-comments': { params: { id: studentId } },
  };
};
