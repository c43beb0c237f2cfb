import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import {
  gradeInputSchema,
  gradeOverviewQuerySchema,
  gradeOverviewSchema,
  gradePeriodParamsSchema,
  gradeResultSchema,
  gradeSettingsInputSchema,
  gradeSettingsSchema,
  groupGradesSchema,
  studentGradesQuerySchema,
  studentGradesSchema,
} from './grades.js';
import { ratingQuerySchema, ratingSchema, studentPlacesQuerySchema, studentPlacesSchema } from './rating.js';

export * from './grades.js';
export * from './rating.js';

const tags = ['grades'];

/**
 * Grades (issue 19; spec §2 settings-grade, §3 Grade settings, §5, §6). The spec names no paths for them:
 * these follow its neighbours (the attendance grid's period path, /user/{id}/… for a person's records).
 */
export const gradeRoutes = {
  gradeSettings: defineRoute({
    method: 'GET',
    path: '/grade-settings',
    operationId: 'getGradeSettings',
    summary: 'The company’s grade settings, with how many grades a change of the max score would delete.',
    tags,
    access: 'gradeSettings',
    query: undefined,
    body: undefined,
    response: gradeSettingsSchema,
  }),
  saveGradeSettings: defineRoute({
    method: 'PUT',
    path: '/grade-settings',
    operationId: 'saveGradeSettings',
    summary: 'Saves the grade settings; a new max score deletes the old grades, once their count is confirmed.',
    tags,
    access: 'gradeSettings',
    query: undefined,
    body: gradeSettingsInputSchema,
    response: gradeSettingsSchema,
  }),
  groupGrades: defineRoute({
    method: 'GET',
    path: '/group/:group_id/grades/:from/:till',
    operationId: 'listGroupGrades',
    summary: 'A group’s grades of a period (a student sees only his own), and whether the caller may grade.',
    tags,
    access: 'groupPage',
    params: gradePeriodParamsSchema,
    query: undefined,
    body: undefined,
    response: groupGradesSchema,
  }),
  setGrade: defineRoute({
    method: 'PUT',
    path: '/grade',
    operationId: 'setGrade',
    summary: 'Gives, changes or (score null) takes back a student’s grade for a held lesson of his group.',
    tags,
    access: { anyOf: ['groupList'] },
    query: undefined,
    body: gradeInputSchema,
    response: gradeResultSchema,
  }),
  studentGrades: defineRoute({
    method: 'GET',
    path: '/user/:id/grades',
    operationId: 'listStudentGrades',
    summary: 'A student’s grades in his groups and their monthly figures (the student himself, his teachers, staff).',
    tags,
    access: { anyOf: ['students', 'groupList', 'user'] },
    params: idParamsSchema,
    query: studentGradesQuerySchema,
    body: undefined,
    response: studentGradesSchema,
  }),
  gradeOverview: defineRoute({
    method: 'GET',
    path: '/grades/overview',
    operationId: 'gradeOverview',
    summary: 'Each group of a branch with its monthly grade figure over six months (settings-grade’s graph and table).',
    tags,
    access: 'gradeSettings',
    query: gradeOverviewQuerySchema,
    body: undefined,
    response: gradeOverviewSchema,
  }),
  rating: defineRoute({
    method: 'GET',
    path: '/rating',
    operationId: 'getRating',
    summary: 'Students ranked by grades and attendance in a group, course, branch or the centre (scoring module on).',
    tags,
    access: 'rating',
    query: ratingQuerySchema,
    body: undefined,
    response: ratingSchema,
  }),
  studentPlaces: defineRoute({
    method: 'GET',
    path: '/user/:id/rating',
    operationId: 'getStudentPlaces',
    summary: 'A student’s places in the ratings of his groups, and of the centre or branch as the settings show.',
    tags,
    access: { anyOf: ['students', 'groupList', 'user'] },
    params: idParamsSchema,
    query: studentPlacesQuerySchema,
    body: undefined,
    response: studentPlacesSchema,
  }),
};
