import { defineRoute } from './api-routes.js';
import { loginResponseSchema } from './auth.js';
import { idParamsSchema } from './common.js';
import {
  childAttendanceSchema,
  childOverviewSchema,
  childParamsSchema,
  loginCodeRequestSchema,
  loginCodeSentSchema,
  loginCodeVerifySchema,
  monthQuerySchema,
  parentByPhoneQuerySchema,
  parentByPhoneSchema,
  parentChildrenSchema,
  studentParentsSchema,
} from './parents.js';

export * from './parents.js';

const tags = ['parents'];

/** Issue 24: parents' accounts — their log-in by code, their children's pages, and the staff's view of them. */
export const parentRoutes = {
  sendLoginCode: defineRoute({
    method: 'POST',
    path: '/auth/login-code',
    operationId: 'sendLoginCode',
    summary: 'Sends a one-time log-in code by SMS to a parent’s phone; the answer is the same for an unknown phone.',
    tags: ['auth'],
    access: 'public',
    query: undefined,
    body: loginCodeRequestSchema,
    response: loginCodeSentSchema,
  }),
  logInWithCode: defineRoute({
    method: 'POST',
    path: '/auth/login-code/verify',
    operationId: 'logInWithCode',
    summary: 'Logs a parent in with the code sent to his phone (five tries, ten minutes, once).',
    tags: ['auth'],
    access: 'public',
    query: undefined,
    body: loginCodeVerifySchema,
    response: loginResponseSchema,
  }),
  children: defineRoute({
    method: 'GET',
    path: '/parent/children',
    operationId: 'listOwnChildren',
    summary: 'The signed-in parent’s children with their balances and groups.',
    tags,
    access: 'parent',
    query: undefined,
    body: undefined,
    response: parentChildrenSchema,
  }),
  child: defineRoute({
    method: 'GET',
    path: '/parent/children/:id',
    operationId: 'readOwnChild',
    summary: 'One child of the parent: the week’s lessons, homework due, grades, comments, balance and receipts.',
    tags,
    access: 'parent',
    params: childParamsSchema,
    query: undefined,
    body: undefined,
    response: childOverviewSchema,
  }),
  childAttendance: defineRoute({
    method: 'GET',
    path: '/parent/children/:id/attendance',
    operationId: 'readOwnChildAttendance',
    summary: 'One child’s lessons of a month with his marks, and the month’s counts.',
    tags,
    access: 'parent',
    params: childParamsSchema,
    query: monthQuerySchema,
    body: undefined,
    response: childAttendanceSchema,
  }),
  studentParents: defineRoute({
    method: 'GET',
    path: '/user/:id/parents',
    operationId: 'listStudentParents',
    summary: 'A student’s parents with their phones and other children, for his profile.',
    tags,
    access: 'students',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: studentParentsSchema,
  }),
  parentByPhone: defineRoute({
    method: 'GET',
    path: '/parents/by-phone',
    operationId: 'findParentByPhone',
    summary: 'The parent who already has this phone, so the student form links a sibling to him.',
    tags,
    access: 'students',
    query: parentByPhoneQuerySchema,
    body: undefined,
    response: parentByPhoneSchema,
  }),
};
