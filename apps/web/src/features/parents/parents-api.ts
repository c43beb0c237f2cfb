import { parentRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { peopleKey, profileKey } from '../users/users-api';

/** Issue 24's calls of signed-in users (contracts `parentRoutes`); the log-in by code is the visitor's (auth). */

const parentKey = ['parent'] as const;

/** GET /parent/children: the signed-in parent's children, for the switcher. */
export const useOwnChildren = () =>
  useQuery({ queryKey: [...parentKey, 'children'], queryFn: () => api(parentRoutes.children) });

/** GET /parent/children/{id}: everything of one child's page but the month of attendance. */
export const useChildOverview = (childId: number | undefined) =>
  useQuery({
    queryKey: [...parentKey, 'child', childId],
    queryFn: () => api(parentRoutes.child, { params: { id: childId as number } }),
    enabled: childId !== undefined,
  });

/** GET /parent/children/{id}/attendance?month=: the month shown stays while the next one loads. */
export const useChildAttendance = (childId: number, month: string) =>
  useQuery({
    queryKey: [...parentKey, 'attendance', childId, month],
    queryFn: () => api(parentRoutes.childAttendance, { params: { id: childId }, query: { month } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /user/{id}/parents, kept under the student's profile key: saving the student (his parent phone) links or
 * unlinks a parent, and that save reads his profile again.
 */
export const useStudentParents = (studentId: number) =>
  useQuery({
    queryKey: [...profileKey(studentId), 'parents'],
    queryFn: () => api(parentRoutes.studentParents, { params: { id: studentId } }),
  });

/** GET /parents/by-phone: asked only for a whole number (`phone` null until then). */
export const useParentByPhone = (phone: string | null) =>
  useQuery({
    queryKey: [...peopleKey, 'parent-by-phone', phone],
    queryFn: () => api(parentRoutes.parentByPhone, { query: { phone: phone as string } }),
    enabled: phone !== null,
  });
