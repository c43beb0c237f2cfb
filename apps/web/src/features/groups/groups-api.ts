import type {
  ArchiveReason,
  CourseListItem,
  DayType,
  ExceptionBody,
  Group,
  GroupCapacity,
  GroupComment,
  GroupCreate,
  GroupStudent,
  GroupUpdate,
  HistoryItem,
  LeftStudent,
  Room,
  UserListItem,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, buildUrl } from '../../shared/api/api-client';
import { apiErrorFrom } from '../../shared/api/api-error';
import type { ListResponse } from '../../shared/api/list-response';
import { getSession } from '../../shared/session/session-store';

export const GROUPS_PER_PAGE = 20;

/** The list filters of spec §7 GET /group (empty values are not sent). */
export interface GroupFilters {
  branch_id: number;
  status?: number;
  course_id?: number;
  teacher_id?: number;
  day_type?: DayType;
  name?: string;
}

// Query keys: a mutation refreshes what it touched and nothing else.
export const groupsKey = ['groups'] as const;
export const groupListKey = [...groupsKey, 'list'] as const;
export const groupKey = (id: number) => [...groupsKey, 'detail', id] as const;
export const groupStudentsKey = (id: number) => [...groupsKey, 'students', id] as const;
export const groupCommentsKey = (id: number) => [...groupsKey, 'comments', id] as const;
export const groupHistoryKey = (id: number) => [...groupsKey, 'history', id] as const;
/** The timetable panel reads the same groups: a change of a group refreshes it too. */
export const scheduleKey = ['schedule'] as const;

export const useGroups = (filters: GroupFilters, page: number) =>
  useQuery({
    queryKey: [...groupListKey, filters, page],
    queryFn: () =>
      apiRequest<ListResponse<Group>>('/group', {
        query: { ...filters, page, per_page: GROUPS_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

export const useGroup = (id: number) =>
  useQuery({ queryKey: groupKey(id), queryFn: () => apiRequest<Group>(`/group/${id}`), retry: false });

export const useGroupStudents = (id: number) =>
  useQuery({
    queryKey: groupStudentsKey(id),
    queryFn: () => apiRequest<{ data: GroupStudent[]; capacity: GroupCapacity }>(`/group/${id}/students`),
  });

export const useGroupComments = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: groupCommentsKey(id),
    queryFn: () => apiRequest<{ data: GroupComment[] }>('/groupComments', { query: { group_id: id } }),
    enabled,
  });

export const useGroupHistory = (id: number, page: number, enabled: boolean) =>
  useQuery({
    queryKey: [...groupHistoryKey(id), page],
    queryFn: () => apiRequest<ListResponse<HistoryItem>>(`/group/${id}/history`, { query: { page, per_page: 20 } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Group writes: each refreshes the lists, the group's page and the timetable. */
export function useGroupMutations() {
  const queryClient = useQueryClient();
  const refresh = (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: groupListKey });
    void queryClient.invalidateQueries({ queryKey: scheduleKey });
    if (id !== undefined) {
      void queryClient.invalidateQueries({ queryKey: groupKey(id) });
      void queryClient.invalidateQueries({ queryKey: groupHistoryKey(id) });
    }
  };
  const create = useMutation({
    mutationFn: (input: GroupCreate) => apiRequest<Group>('/group', { method: 'POST', body: input }),
    onSuccess: (group) => refresh(group.id),
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: GroupUpdate & { id: number }) =>
      apiRequest<Group>(`/group/${id}`, { method: 'PUT', body: input }),
    onSuccess: (group) => refresh(group.id),
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ ok: true; result: 'archived' | 'deleted' }>(`/group/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => refresh(id),
  });
  return { create, update, remove };
}

type StudentChange = { data: GroupStudent; capacity: GroupCapacity };

export interface StatusChange {
  studentId: number;
  status: number;
  reason_id?: number;
  comment?: string;
  return_the_money?: boolean;
  recalculation_in_all_groups?: boolean;
}

/** Writes on the students of one group (spec §7 student-group calls). */
export function useGroupStudentMutations(groupId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: groupStudentsKey(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupKey(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupHistoryKey(groupId) });
    void queryClient.invalidateQueries({ queryKey: groupListKey });
  };
  const add = useMutation({
    mutationFn: ({ studentId, created_date }: { studentId: number; created_date?: string }) =>
      apiRequest<StudentChange>(`/group/${groupId}/students/${studentId}`, { method: 'POST', body: { created_date } }),
    onSuccess: refresh,
  });
  const setStatus = useMutation({
    mutationFn: ({ studentId, status, ...query }: StatusChange) =>
      apiRequest<StudentChange>(`/group/${groupId}/student/${studentId}/${status}`, { method: 'PUT', query }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (studentId: number) =>
      apiRequest<{ ok: true }>(`/group/${groupId}/student/${studentId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const transfer = useMutation({
    mutationFn: ({
      studentId,
      toGroupId,
      ...body
    }: {
      studentId: number;
      toGroupId: number;
      created_date?: string;
      student_status?: number;
      return_the_money?: boolean;
    }) =>
      apiRequest<{ from: GroupStudent; to: GroupStudent; capacity: GroupCapacity }>(
        `/student/${studentId}/group/${groupId}/transfer/${toGroupId}`,
        { method: 'POST', body },
      ),
    onSuccess: (_, { toGroupId }) => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: groupStudentsKey(toGroupId) });
      void queryClient.invalidateQueries({ queryKey: groupKey(toGroupId) });
    },
  });
  const setPrice = useMutation({
    mutationFn: ({ studentId, ...body }: ExceptionBody & { studentId: number }) =>
      apiRequest<StudentChange>(`/group/${groupId}/user/${studentId}/exception`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
  const removePrice = useMutation({
    mutationFn: (studentId: number) =>
      apiRequest<StudentChange>(`/group/${groupId}/user/${studentId}/exception`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { add, setStatus, remove, transfer, setPrice, removePrice };
}

export function useAddGroupComment(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<GroupComment>('/groupComments', { method: 'POST', body: { group_id: groupId, text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupCommentsKey(groupId) }),
  });
}

/* ------------------------------------------------------------------ choices of other domains */

const OPTIONS_PAGE = 500;
const optionsStale = 60_000;

/** Courses and their levels, one choice each ("English · B1"). */
export const useCourseOptions = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['courses', 'options'],
    queryFn: () => apiRequest<ListResponse<CourseListItem>>('/course', { query: { per_page: OPTIONS_PAGE } }),
    select: (answer) =>
      answer.data.flatMap((course) => [
        { value: course.id, label: course.name, color: course.color },
        ...course.levels.map((level) => ({
          value: level.id,
          label: `${course.name} · ${level.name}`,
          color: level.color,
        })),
      ]),
    staleTime: optionsStale,
  });

export const useTeacherOptions = (branchId: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['users', 'teacher-options', branchId],
    queryFn: () =>
      apiRequest<ListResponse<UserListItem>>('/user', {
        query: { user_type: 'teacher', branch_id: branchId, per_page: OPTIONS_PAGE, sort_by_name: 1 },
      }),
    select: (answer) => answer.data.map((user) => ({ value: user.id, label: user.name })),
    staleTime: optionsStale,
  });

export const useRoomOptions = (branchId: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['rooms', branchId, 'options'],
    queryFn: () => apiRequest<ListResponse<Room>>('/room', { query: { branch_id: branchId, per_page: OPTIONS_PAGE } }),
    select: (answer) => answer.data.map((room) => ({ value: room.id, label: room.name, capacity: room.capacity })),
    staleTime: optionsStale,
  });

export const useArchiveReasons = (enabled = true) =>
  useQuery({
    queryKey: ['archive-reasons', 'active'],
    queryFn: () => apiRequest<{ data: ArchiveReason[] }>('/archive_reasons', { query: { active: 1 } }),
    select: (answer) => answer.data.filter((reason) => reason.active),
    staleTime: optionsStale,
    enabled,
  });

/** Students by name or phone (GET /user?user_type=student&name_or_phone=). */
export const useStudentSearch = (text: string, branchId: number) =>
  useQuery({
    queryKey: ['users', 'student-search', branchId, text],
    queryFn: () =>
      apiRequest<ListResponse<UserListItem>>('/user', {
        query: { user_type: 'student', name_or_phone: text, branch_id: branchId, per_page: 20 },
      }),
    enabled: text.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** Groups to move a student to: the branch's running groups. */
export const useTransferTargets = (branchId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...groupListKey, 'targets', branchId],
    queryFn: () =>
      apiRequest<ListResponse<Group>>('/group', { query: { branch_id: branchId, per_page: OPTIONS_PAGE } }),
    select: (answer) => answer.data.filter((group) => group.status === 1 || group.status === 2),
    enabled,
  });

/* ------------------------------------------------------------------ students who left */

export interface LeftStudentsQuery {
  branch_id: number;
  date_start?: string;
  date_end?: string;
  reason_id?: number;
  search?: string;
  include_moved?: number;
  page: number;
}

export const useLeftStudents = (query: LeftStudentsQuery) =>
  useQuery({
    queryKey: ['left-students', query],
    queryFn: () => apiRequest<ListResponse<LeftStudent>>('/user/left_group', { query: { ...query, per_page: 50 } }),
    placeholderData: keepPreviousData,
  });

/* ------------------------------------------------------------------ export */

/** Downloads GET /group/export with the list's filters as an xlsx file. */
export async function downloadGroupsExport(filters: GroupFilters, lang: string): Promise<void> {
  const { token } = getSession();
  const response = await fetch(buildUrl('/group/export', { ...filters, lang }), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await apiErrorFrom(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'groups.xlsx';
  link.click();
  URL.revokeObjectURL(url);
}
