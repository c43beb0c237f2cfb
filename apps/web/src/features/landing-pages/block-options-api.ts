import { type CourseListItem, formRoutes, type UserListItem } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import type { ListResponse } from '../../shared/api/list-response';

/** What a block may show from the centre's own data, as choices: read once a minute at most. */
const OPTIONS_STALE = 60_000;
/** The largest page the lists answer: a centre's courses, teachers and forms fit in one. */
const ALL = 500;

export interface Option {
  value: number;
  label: string;
}

/**
 * GET /course: the catalogue's top-level courses (a landing page shows those, with their prices). The courses
 * list has no route definition in the contracts yet, so it is asked by its path as the courses feature does.
 */
export const useCourseChoices = () =>
  useQuery({
    queryKey: ['courses', 'landing-options'],
    queryFn: () => apiRequest<ListResponse<CourseListItem>>('/course', { query: { per_page: ALL } }),
    select: (answer): Option[] => answer.data.map((course) => ({ value: course.id, label: course.name })),
    staleTime: OPTIONS_STALE,
  });

/**
 * GET /user?user_type=teacher: the teachers to show. A marketer may build pages but not list teachers (the
 * teachers area), so a refusal is the picker's to explain, not an app-wide "forbidden".
 */
export const useTeacherChoices = () =>
  useQuery({
    queryKey: ['users', 'landing-teacher-options'],
    queryFn: () =>
      apiRequest<ListResponse<UserListItem>>('/user', {
        query: { user_type: 'teacher', per_page: ALL, sort_by_name: 1 },
        handleErrors: false,
      }),
    select: (answer): Option[] => answer.data.map((teacher) => ({ value: teacher.id, label: teacher.name })),
    staleTime: OPTIONS_STALE,
  });

/** GET /form?status=published: the published forms a page may embed (an audit form has no public page). */
export const useLeadFormChoices = () =>
  useQuery({
    queryKey: ['forms', 'landing-options'],
    queryFn: () => api(formRoutes.list, { query: { status: 'published', page: 1, per_page: ALL } }),
    select: (answer): Option[] =>
      answer.data.filter((form) => form.kind !== 'audit').map((form) => ({ value: form.id, label: form.title })),
    staleTime: OPTIONS_STALE,
  });
