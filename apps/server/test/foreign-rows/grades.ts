import { localDate } from '@crm/contracts';
import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's group and student: their grades and the comments about him must read as absent (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group, studentId } = await createForeignGroup(db, foreign, {
    course: 'Foreign grades',
    code: 'FGR',
    teacher: 'Foreign Grader',
    student: 'Foreign Pupil',
    phones: ['976200001', '976200002'],
  });
  const today = localDate();
  return {
    '/api/v1/group/:group_id/grades/:from/:till': { params: { group_id: group, from: today, till: today } },
    '/api/v1/user/:id/grades': { params: { id: studentId } },
    '/api/v1/user/:id/rating': { params: { id: studentId } },
    '/api/v1/user/:id/group-comments': { params: { id: studentId } },
  };
};
