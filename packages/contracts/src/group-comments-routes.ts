import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { dataOf } from './catalog.js';
import { idParamsSchema } from './common.js';
import { groupCommentSchema } from './groups.js';

/** A comment about a student, with the group it was written in. */
export const studentCommentSchema = groupCommentSchema.extend({ group_title: z.string() });
export type StudentComment = z.infer<typeof studentCommentSchema>;

/**
 * Issue 19, teachers' comments on students: everything written about one student in his groups, for his
 * profile. The groups' own GET/POST groupComments (spec §7) stay in the groups module.
 */
export const groupCommentRoutes = {
  studentComments: defineRoute({
    method: 'GET',
    path: '/user/:id/group-comments',
    operationId: 'listStudentComments',
    summary:
      'Comments about a student in his groups, newest first: staff and his teachers read them all, the student those shown to him.',
    tags: ['groups'],
    access: { anyOf: ['students', 'groupList', 'user'] },
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: dataOf(studentCommentSchema),
  }),
};
