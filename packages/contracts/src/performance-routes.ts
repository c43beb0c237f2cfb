import { defineRoute } from './api-routes.js';
import {
  courseConversionSchema,
  coursePerformanceSchema,
  performanceQuerySchema,
  studentsActivitySchema,
  teacherConversionSchema,
  teacherPerformanceSchema,
} from './performance.js';

export * from './performance.js';

const tags = ['performance'] as const;

/**
 * Performance of teachers and courses. Spec §6 guards two areas: `performance` (the admin set,
 * the limited admin included) for the pages performance_teachers/list and performance_courses/list,
 * and `reports` (administrators and the branch director) for the §7 /reports/* calls. Both answer
 * from the same figures (docs/reports.md "Performance"); the limited admin gets them without money.
 * The tables' Excel files are plain downloads at `${path}/export` (work 'export'), same filters plus `lang`.
 */
export const performanceRoutes = {
  teacherPerformance: defineRoute({
    method: 'GET',
    path: '/performance/teachers',
    operationId: 'teacherPerformance',
    summary:
      'Per teacher of a branch and period: groups, paying students at start and end, new, left with reasons, retention, attendance, trial conversion, income.',
    tags,
    access: 'performance',
    body: undefined,
    query: performanceQuerySchema,
    response: teacherPerformanceSchema,
  }),
  coursePerformance: defineRoute({
    method: 'GET',
    path: '/performance/courses',
    operationId: 'coursePerformance',
    summary: 'The figures of teacherPerformance per course (a level on its own row).',
    tags,
    access: 'performance',
    body: undefined,
    query: performanceQuerySchema,
    response: coursePerformanceSchema,
  }),
  teachersProductivity: defineRoute({
    method: 'GET',
    path: '/reports/teachers/productivity',
    operationId: 'teachersProductivity',
    summary: 'Spec §7: the teachers’ performance table, for the reports area.',
    tags,
    access: 'reports',
    body: undefined,
    query: performanceQuerySchema,
    response: teacherPerformanceSchema,
  }),
  coursesProductivity: defineRoute({
    method: 'GET',
    path: '/reports/courses/productivity',
    operationId: 'coursesProductivity',
    summary: 'The courses’ performance table, for the reports area.',
    tags,
    access: 'reports',
    body: undefined,
    query: performanceQuerySchema,
    response: coursePerformanceSchema,
  }),
  teachersConversion: defineRoute({
    method: 'GET',
    path: '/reports/conversion/teachers',
    operationId: 'teachersConversion',
    summary: 'Spec §7: per teacher, the period’s trial students and how many became paying, stayed on trial or left.',
    tags,
    access: 'reports',
    body: undefined,
    query: performanceQuerySchema,
    response: teacherConversionSchema,
  }),
  coursesConversion: defineRoute({
    method: 'GET',
    path: '/reports/conversion/courses',
    operationId: 'coursesConversion',
    summary: 'Spec §7: the trial conversion per course.',
    tags,
    access: 'reports',
    body: undefined,
    query: performanceQuerySchema,
    response: courseConversionSchema,
  }),
  studentsActivity: defineRoute({
    method: 'GET',
    path: '/reports/students/activity',
    operationId: 'studentsActivity',
    summary: 'Spec §7: paying students at the start and end of each month of the period, new, converted and left.',
    tags,
    access: 'reports',
    body: undefined,
    query: performanceQuerySchema,
    response: studentsActivitySchema,
  }),
};
