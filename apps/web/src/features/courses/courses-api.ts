import type { Course, CourseDetail, CourseInput, CourseListItem, Folder, FolderCreate } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import type { ListResponse } from '../../shared/api/list-response';
import { useCatalogMutations } from './catalog-api';

export const COURSES_PER_PAGE = 24;

/** Every course query: the list and each course page (a level changes its course's page and the list). */
export const coursesKey = ['courses'] as const;
export const foldersKey = (courseId: number) => ['course-folders', courseId] as const;

export const useCourses = (name: string, page: number) =>
  useQuery({
    queryKey: [...coursesKey, 'list', name, page],
    queryFn: () =>
      apiRequest<ListResponse<CourseListItem>>('/course', { query: { name, page, per_page: COURSES_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

export const useCourse = (id: number) =>
  useQuery({
    queryKey: [...coursesKey, 'detail', id],
    queryFn: () => apiRequest<CourseDetail>(`/course/${id}`),
  });

/** A course's write may change the list, its page and its parent's page: all course queries refresh. */
export const useCourseMutations = () =>
  useCatalogMutations<Course, CourseInput>('/course', coursesKey, (id) => [...coursesKey, 'detail', id]);

export const useFolders = (courseId: number) =>
  useQuery({
    queryKey: foldersKey(courseId),
    queryFn: () => apiRequest<{ data: Folder[] }>('/folder', { query: { course_id: courseId } }),
  });

/** Folder and file writes refresh the course's folders and nothing else. */
export function useFolderMutations(courseId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: foldersKey(courseId) });
  const create = useMutation({
    mutationFn: (input: Omit<FolderCreate, 'course_id'>) =>
      apiRequest<Folder>('/folder', { method: 'POST', body: { ...input, course_id: courseId } }),
    onSuccess: refresh,
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest<Folder>(`/folder/${id}`, { method: 'PUT', body: { name } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/folder/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const removeFile = useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/file/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, rename, remove, removeFile, refresh };
}
