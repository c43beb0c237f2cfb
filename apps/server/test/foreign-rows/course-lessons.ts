import { courseLessons } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's course lesson and group: the syllabus, the group's lessons and homework read as absent. */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group, courseId, studentId } = await createForeignGroup(db, foreign, {
    course: 'Foreign syllabus',
    code: 'FSY',
    teacher: 'Foreign Lecturer',
    student: 'Foreign Learner',
    phones: ['976300001', '976300002'],
  });
  const [lesson] = await inCompany(db, foreign.id, (tx) =>
    tx
      .insert(courseLessons)
      .values({ companyId: foreign.id, courseId, position: 1, title: 'Foreign lesson', homeworkText: 'Read' })
      .returning({ id: courseLessons.id }),
  );
  const lessonId = lesson!.id;
  const lessonBody = { title: 'Hijacked' };
  return {
    '/api/v1/course/:id/lessons': { params: { id: courseId }, bodies: { POST: lessonBody } },
    '/api/v1/course/:id/lessons/order': { params: { id: courseId }, bodies: { PUT: { ids: [lessonId] } } },
    '/api/v1/course/:id/video': { params: { id: courseId } },
    '/api/v1/course-lesson/:id': { params: { id: lessonId }, bodies: { PUT: lessonBody } },
    '/api/v1/group/:id/lessons': { params: { id: group }, bodies: { POST: { ...lessonBody, after_lesson_id: null } } },
    '/api/v1/group/:id/lesson-opening': { params: { id: group }, bodies: { PUT: { open_all: true } } },
    '/api/v1/group/:id/lesson/:lesson_id': { params: { id: group, lesson_id: lessonId } },
    '/api/v1/group/:id/lesson/:lesson_id/answer': {
      params: { id: group, lesson_id: lessonId },
      bodies: { PUT: { text: 'Hijacked' } },
    },
    '/api/v1/group/:id/lesson/:lesson_id/answer/file': { params: { id: group, lesson_id: lessonId } },
    '/api/v1/group/:id/lesson/:lesson_id/answer/:student_id/review': {
      params: { id: group, lesson_id: lessonId, student_id: studentId },
      bodies: { PUT: { score: null } },
    },
  };
};
