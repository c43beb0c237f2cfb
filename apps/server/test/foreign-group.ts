import { StudentStatus } from '@crm/contracts';
import type { Db } from '../src/db/client.js';
import { createCourse } from '../src/seed/courses-factories.js';
import type { CreatedCompany } from '../src/seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../src/seed/groups-factories.js';
import { createStudent, createTeacher } from '../src/seed/users-factories.js';

/**
 * A group of the other company meeting every day since 2025 with its teacher and one active student, for the
 * route walk's fixtures (test/foreign-rows) of the routes that name a group, a lesson or a student.
 */
export async function createForeignGroup(
  db: Db,
  foreign: CreatedCompany,
  names: { course: string; code: string; teacher: string; student: string; phones: [string, string] },
) {
  const branchId = foreign.branchIds[0]!;
  const courseId = await createCourse(db, foreign.id, { name: names.course, code: names.code });
  const teacherId = await createTeacher(db, foreign.id, {
    name: names.teacher,
    phone: names.phones[0],
    branchIds: [branchId],
  });
  const studentId = await createStudent(db, foreign.id, {
    name: names.student,
    phone: names.phones[1],
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
  return { group, courseId, teacherId, studentId };
}
