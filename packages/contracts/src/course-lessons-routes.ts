import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import { dataOf } from './catalog.js';
import { idParamsSchema } from './common.js';
import {
  courseLessonInputSchema,
  courseLessonSchema,
  groupLessonInputSchema,
  syllabusOrderSchema,
  syllabusSchema,
} from './course-lessons.js';
import {
  answerParamsSchema,
  groupLessonParamsSchema,
  groupLessonSchema,
  groupLessonsSchema,
  homeworkAnswerInputSchema,
  homeworkAnswerSchema,
  homeworkReviewInputSchema,
  lessonOpeningInputSchema,
  myCourseGroupSchema,
} from './group-lessons.js';

export * from './course-lessons.js';
export * from './group-lessons.js';

const tags = ['course-lessons'];
/**
 * Issue 19's course lessons and the group's lessons. The spec names the screens, not these calls: they
 * follow its neighbours (/course/{id}, /group/{id}/…). Uploading and streaming a video, and a homework
 * file, are multipart or byte-range routes of the module beside these.
 */
export const courseLessonRoutes = {
  syllabus: defineRoute({
    method: 'GET',
    path: '/course/:id/lessons',
    operationId: 'getSyllabus',
    summary: 'A course’s (or level’s) lessons in order, with their modules.',
    tags,
    access: 'courses',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: syllabusSchema,
  }),
  addCourseLesson: defineRoute({
    method: 'POST',
    path: '/course/:id/lessons',
    operationId: 'addCourseLesson',
    summary: 'Adds a lesson at the end of the course’s syllabus.',
    tags,
    access: 'courses',
    params: idParamsSchema,
    query: undefined,
    body: courseLessonInputSchema,
    response: courseLessonSchema,
  }),
  reorderSyllabus: defineRoute({
    method: 'PUT',
    path: '/course/:id/lessons/order',
    operationId: 'reorderSyllabus',
    summary: 'Puts the course’s lessons in a new order (every lesson of the course, once).',
    tags,
    access: 'courses',
    params: idParamsSchema,
    query: undefined,
    body: syllabusOrderSchema,
    response: syllabusSchema,
  }),
  courseLesson: defineRoute({
    method: 'GET',
    path: '/course-lesson/:id',
    operationId: 'getCourseLesson',
    summary: 'One lesson with its text, video, files and homework (a group’s own lesson also to its teacher).',
    tags,
    access: { anyOf: ['courses', 'groupList'] },
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: courseLessonSchema,
  }),
  updateCourseLesson: defineRoute({
    method: 'PUT',
    path: '/course-lesson/:id',
    operationId: 'updateCourseLesson',
    summary: 'Changes a lesson (a course’s by its staff, a group’s own also by the group’s teacher).',
    tags,
    access: { anyOf: ['courses', 'groupList'] },
    params: idParamsSchema,
    query: undefined,
    body: courseLessonInputSchema,
    response: courseLessonSchema,
  }),
  deleteCourseLesson: defineRoute({
    method: 'DELETE',
    path: '/course-lesson/:id',
    operationId: 'deleteCourseLesson',
    summary: 'Deletes a lesson with its homework answers; group lessons placed after it follow its predecessor.',
    tags,
    access: { anyOf: ['courses', 'groupList'] },
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  groupLessons: defineRoute({
    method: 'GET',
    path: '/group/:id/lessons',
    operationId: 'listGroupLessons',
    summary: 'The group’s lessons laid on its calendar: dates, which are open, homework, the next lesson.',
    tags,
    access: 'groupPage',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: groupLessonsSchema,
  }),
  addGroupLesson: defineRoute({
    method: 'POST',
    path: '/group/:id/lessons',
    operationId: 'addGroupLesson',
    summary: 'Adds a lesson to this group only, after one of its lessons.',
    tags,
    access: 'groupList',
    params: idParamsSchema,
    query: undefined,
    body: groupLessonInputSchema,
    response: courseLessonSchema,
  }),
  setLessonOpening: defineRoute({
    method: 'PUT',
    path: '/group/:id/lesson-opening',
    operationId: 'setLessonOpening',
    summary: 'Opens the group’s lessons to its students all at once, or each on its day.',
    tags,
    access: 'groupList',
    params: idParamsSchema,
    query: undefined,
    body: lessonOpeningInputSchema,
    response: groupLessonsSchema,
  }),
  groupLesson: defineRoute({
    method: 'GET',
    path: '/group/:id/lesson/:lesson_id',
    operationId: 'getGroupLesson',
    summary: 'A lesson as the group has it: its date, the student’s answer, or every student’s answer.',
    tags,
    access: 'groupPage',
    params: groupLessonParamsSchema,
    query: undefined,
    body: undefined,
    response: groupLessonSchema,
  }),
  saveAnswer: defineRoute({
    method: 'PUT',
    path: '/group/:id/lesson/:lesson_id/answer',
    operationId: 'saveHomeworkAnswer',
    summary: 'The student hands in (or, until it is reviewed, changes) his homework answer’s text.',
    tags,
    access: 'groupPage',
    params: groupLessonParamsSchema,
    query: undefined,
    body: homeworkAnswerInputSchema,
    response: homeworkAnswerSchema,
  }),
  reviewAnswer: defineRoute({
    method: 'PUT',
    path: '/group/:id/lesson/:lesson_id/answer/:student_id/review',
    operationId: 'reviewHomeworkAnswer',
    summary: 'The teacher scores a student’s answer and comments on it.',
    tags,
    access: 'groupList',
    params: answerParamsSchema,
    query: undefined,
    body: homeworkReviewInputSchema,
    response: homeworkAnswerSchema,
  }),
  myCourseLessons: defineRoute({
    method: 'GET',
    path: '/course-lessons/mine',
    operationId: 'listMyCourseLessons',
    summary: 'The student’s groups with their progress, next lesson and homework due.',
    tags,
    access: 'groupPage',
    query: undefined,
    body: undefined,
    response: dataOf(myCourseGroupSchema),
  }),
};

/** The multipart routes' paths, for the web (they are not JSON calls). Bytes are read through signed links. */
export const courseLessonFilePaths = {
  /** POST, field `file`: a lesson video into the course's Videos folder; answers the course file. */
  uploadVideo: (courseId: number) => `/course/${courseId}/video`,
  /** POST, field `file`: the student's homework file (replacing his earlier one); answers his answer. */
  answerFile: (groupId: number, lessonId: number) => `/group/${groupId}/lesson/${lessonId}/answer/file`,
};
