import type {
  CourseListItem,
  Group,
  HistoryItem,
  JobStarted,
  StudentFinanceFilter,
  Tag,
  UserComment,
  UserCreate,
  UserListItem,
  UserProfile,
  UserType,
  UserUpdate,
} from '@crm/contracts';
import { STUDENT_PAGE_SIZE } from '@crm/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient as appQueryClient } from '../../app/query-client';
import { apiRequest } from '../../shared/api/api-client';
import { downloadFile } from '../../shared/api/file-transfer';
import type { ListResponse } from '../../shared/api/list-response';
import { getSession } from '../../shared/session/session-store';
import { uploadSpreadsheet } from '../../shared/spreadsheet-import/upload-spreadsheet';
import { filtersOf, pageOf } from './list-state';

/** The filters of spec §7 GET /user that the screens offer; empty values are not sent. */
export interface PeopleFilters {
  name_or_phone?: string;
  branch_id?: number;
  course_id?: number;
  statuses?: number[];
  tag_ids?: number[];
  /** Students by balance (debtors, in credit, at zero). */
  finance?: StudentFinanceFilter;
  sort_by_name?: boolean;
}

/** Every people query starts with this key, so a write refreshes lists and profiles of people only. */
export const peopleKey = ['people'] as const;
const listKey = (type: UserType, archived: boolean) => [...peopleKey, 'list', type, archived] as const;
export const profileKey = (id: number) => [...peopleKey, 'profile', id] as const;
const notesKey = (id: number) => [...peopleKey, 'notes', id] as const;

export const queryOf = (type: UserType, filters: PeopleFilters) => ({
  user_type: type,
  name_or_phone: filters.name_or_phone?.trim(),
  branch_id: filters.branch_id,
  course_id: filters.course_id,
  statuses: filters.statuses?.join(','),
  tag_ids: filters.tag_ids?.join(','),
  finance: filters.finance,
  sort_by_name: filters.sort_by_name ? 1 : undefined,
});

const peopleQuery = (type: UserType, archived: boolean, filters: PeopleFilters, page: number, perPage: number) =>
  queryOptions({
    queryKey: [...listKey(type, archived), filters, page, perPage],
    queryFn: () =>
      apiRequest<ListResponse<UserListItem>>(archived ? '/user/archived_users' : '/user', {
        query: { ...queryOf(type, filters), page, per_page: perPage },
      }),
    placeholderData: keepPreviousData,
    // The answer asked for beside the page's code (prefetchStudentList) is not asked for again as the page
    // mounts a moment later; a write still refreshes the list at once (invalidation ignores this).
    staleTime: 5_000,
  });

export const usePeople = (type: UserType, archived: boolean, filters: PeopleFilters, page: number, perPage: number) =>
  useQuery(peopleQuery(type, archived, filters, page, perPage));

/**
 * Asks for the student list the address shows while the page's code is still loading (routes.tsx), so
 * the answer and the code arrive together rather than one after the other. The page's own query then
 * finds it (the same key); nothing is asked without a session and a branch.
 */
export function prefetchStudentList(): void {
  const { token, branch } = getSession();
  if (!token || !branch || window.location.pathname !== '/students/list') return;
  const params = new URLSearchParams(window.location.search);
  if (params.get('view') === 'archived') return;
  void appQueryClient.prefetchQuery(
    peopleQuery('student', false, filtersOf(params, branch), pageOf(params), STUDENT_PAGE_SIZE),
  );
}

export const useProfile = (id: number) =>
  useQuery({ queryKey: profileKey(id), queryFn: () => apiRequest<UserProfile>(`/user/${id}`), retry: false });

export const useHistory = (id: number, page: number) =>
  useQuery({
    queryKey: [...peopleKey, 'history', id, page],
    queryFn: () => apiRequest<ListResponse<HistoryItem>>(`/user/${id}/history`, { query: { page, per_page: 20 } }),
    placeholderData: keepPreviousData,
  });

export const useNotes = (id: number) =>
  useQuery({
    queryKey: notesKey(id),
    queryFn: () => apiRequest<{ data: UserComment[] }>('/userComments', { query: { user_id: id } }),
  });

/** Student tags (spec §3 Tag type 1) for the filter and the form; GET /tags belongs to the tags feature. */
export const useStudentTags = (enabled: boolean) =>
  useQuery({
    queryKey: ['tags', 'student-options'],
    queryFn: () => apiRequest<{ data: Tag[] }>('/tags', { query: { type: 1 } }).then((answer) => answer.data),
    enabled,
    staleTime: 60_000,
  });

export const useCourseOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ['courses', 'people-options'],
    queryFn: () =>
      apiRequest<ListResponse<CourseListItem>>('/course', { query: { per_page: 500 } }).then((answer) =>
        answer.data.flatMap((course) => [course, ...course.levels]),
      ),
    enabled,
    staleTime: 60_000,
  });

export type PersonInput = Omit<UserCreate, 'user_type'>;

/** People writes: each refreshes the people lists and the touched profile, nothing else. */
export function usePeopleMutations() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: [...peopleKey, 'list'] });
  const refreshPerson = (id: number) =>
    Promise.all([
      refreshLists(),
      queryClient.invalidateQueries({ queryKey: profileKey(id) }),
      queryClient.invalidateQueries({ queryKey: [...peopleKey, 'history', id] }),
    ]);
  const create = useMutation({
    mutationFn: (input: UserCreate) =>
      apiRequest<{ id: number; name: string }>('/user', { method: 'POST', body: input }),
    onSuccess: refreshLists,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: UserUpdate & { id: number }) =>
      apiRequest<UserProfile>(`/user/${id}`, { method: 'PUT', body: input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKey(profile.id), profile);
      return refreshPerson(profile.id);
    },
  });
  /** Archive (spec's "delete"), or with permanent: delete archived people for good. All or nothing. */
  const archive = useMutation({
    mutationFn: ({ ids, permanent }: { ids: number[]; permanent?: boolean }) =>
      apiRequest<{ ok: true; count: number }>('/user/delete/multiple', { method: 'POST', body: { ids, permanent } }),
    onSuccess: (_, { ids, permanent }) =>
      permanent
        ? Promise.all([refreshLists(), ...ids.map((id) => queryClient.removeQueries({ queryKey: profileKey(id) }))])
        : Promise.all(ids.map(refreshPerson)),
  });
  const restore = useMutation({
    mutationFn: (ids: number[]) =>
      apiRequest<{ ok: true; count: number }>('/user/restore/multiple', { method: 'POST', body: { ids } }),
    onSuccess: (_, ids) => Promise.all(ids.map(refreshPerson)),
  });
  const addNote = useMutation({
    mutationFn: (input: { user_id: number; text: string }) =>
      apiRequest<UserComment>('/userComments', { method: 'POST', body: input }),
    onSuccess: (note) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesKey(note.user_id) }),
        queryClient.invalidateQueries({ queryKey: [...peopleKey, 'history', note.user_id] }),
      ]),
  });
  return { create, update, archive, restore, addNote };
}

/** The running groups of a branch, to add a student to (GET /group belongs to the groups feature). */
export const useGroupOptions = (branchId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: ['groups', 'list', 'people-options', branchId],
    queryFn: () =>
      apiRequest<ListResponse<Group>>('/group', { query: { branch_id: branchId, per_page: 500 } }).then(
        (answer) => answer.data,
      ),
    enabled: enabled && branchId !== null,
  });

/** POST /group/{group_id}/students/{student_id} (spec §7 "Student-group"): the profile and that group's students change. */
export function useAddToGroup(studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, created_date }: { groupId: number; created_date: string }) =>
      apiRequest<unknown>(`/group/${groupId}/students/${studentId}`, { method: 'POST', body: { created_date } }),
    onSuccess: (_, { groupId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey(studentId) }),
        queryClient.invalidateQueries({ queryKey: [...peopleKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['groups', 'students', groupId] }),
        queryClient.invalidateQueries({ queryKey: ['groups', 'detail', groupId] }),
      ]),
  });
}

/** After an import the student lists change, nothing else. */
export const useRefreshPeopleLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...peopleKey, 'list'] });
};

// ------------------------------------------------------------------ files

/** GET an xlsx with the bearer token and hand it to the browser as a download. */
export const downloadXlsx = (path: string, query: Record<string, string | number | undefined>, name: string) =>
  downloadFile(path, name, query);

/** POST user/import?branch_id with the file as multipart (spec §7): the import job's id (issue 15). */
export const uploadStudents = (file: File, branchId: number) =>
  uploadSpreadsheet<JobStarted>('/user/import', file, { branch_id: branchId });
