import type {
  AttendanceGrid,
  DayLessons,
  Lesson,
  LessonCancelInput,
  LessonEntityInput,
  LessonTransferInput,
  TeacherChangeInput,
} from '@crm/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { groupKey, groupListKey, scheduleKey } from '../groups/groups-api';
import type { Mark } from './attendance-model';
import { queueMark } from './offline-marks';
import { isConnectionFailure, offlineMarksKey } from './offline-status';

// Query keys: a change of a lesson or a mark refreshes its group's grids and the day lists.
export const attendanceKey = ['attendance'] as const;
export const groupGridsKey = (groupId: number) => [...attendanceKey, 'grid', groupId] as const;
export const gridKey = (groupId: number, from: string, till: string) =>
  [...groupGridsKey(groupId), from, till] as const;
export const dayLessonsKey = [...attendanceKey, 'day'] as const;
const markMutationKey = (groupId: number) => [...attendanceKey, 'mark', groupId] as const;

export const useAttendanceGrid = (groupId: number, from: string, till: string) =>
  useQuery({
    queryKey: gridKey(groupId, from, till),
    queryFn: () =>
      apiRequest<AttendanceGrid>(`/group/${groupId}/attendance/${from}/${till}`, { query: { withAttendance: 1 } }),
  });

/** GET /lessons/day: a teacher gets his own lessons, staff the branch's. */
export const useDayLessons = (query: { date?: string; branch_id?: number | null }) =>
  useQuery({
    queryKey: [...dayLessonsKey, query.date ?? null, query.branch_id ?? null],
    queryFn: () => apiRequest<DayLessons>('/lessons/day', { query }),
  });

const refreshAfterMark = (queryClient: QueryClient, groupId: number) => {
  void queryClient.invalidateQueries({ queryKey: groupGridsKey(groupId) });
  void queryClient.invalidateQueries({ queryKey: dayLessonsKey });
};

export interface MarkChange {
  student_id: number;
  date: string;
  /** Undefined clears the mark. */
  status: Mark;
}

/** Writes one student's mark into a cached grid. */
function withMark(grid: AttendanceGrid, change: MarkChange): AttendanceGrid {
  return {
    ...grid,
    students: grid.students.map((student) => {
      if (student.id !== change.student_id) return student;
      const { [change.date]: _, ...marks } = student.marks;
      return { ...student, marks: change.status === undefined ? marks : { ...marks, [change.date]: change.status } };
    }),
  };
}

/**
 * Marks or clears one cell at once (optimistic), putting the old mark back if the
 * server refuses. The grid is fetched again only when the last of several quick
 * clicks has been answered, so an earlier answer cannot wipe a later click.
 */
export function useMarkAttendance(groupId: number, from: string, till: string) {
  const queryClient = useQueryClient();
  const key = gridKey(groupId, from, till);
  return useMutation({
    mutationKey: markMutationKey(groupId),
    mutationFn: async (change: MarkChange): Promise<'sent' | 'queued'> => {
      if (change.status === undefined) {
        await apiRequest<unknown>(`/attendance/${change.student_id}/${groupId}/${change.date}/delete`, {
          method: 'DELETE',
        });
        return 'sent';
      }
      const queue = async () => {
        const grid = queryClient.getQueryData<AttendanceGrid>(key);
        const student = grid?.students.find((s) => s.id === change.student_id);
        await queueMark({
          ...change,
          status: change.status as 0 | 1,
          group_id: groupId,
          student_name: student?.name ?? '',
        });
        void queryClient.invalidateQueries({ queryKey: offlineMarksKey });
        return 'queued' as const;
      };
      // Issue 24: no connection (a classroom with poor signal): the mark waits on the phone and is sent later.
      if (!navigator.onLine) return queue();
      try {
        await apiRequest<unknown>('/attendance', {
          method: 'POST',
          body: { student_id: change.student_id, group_id: groupId, date: change.date, status: change.status },
          idempotencyKey: crypto.randomUUID(),
        });
        return 'sent';
      } catch (error) {
        if (isConnectionFailure(error)) return queue();
        throw error;
      }
    },
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<AttendanceGrid>(key);
      const before = previous?.students.find((student) => student.id === change.student_id)?.marks[change.date];
      if (previous) queryClient.setQueryData<AttendanceGrid>(key, withMark(previous, change));
      return { before };
    },
    onError: (_error, change, context) => {
      // Only this cell goes back: other clicks made meanwhile keep their marks.
      queryClient.setQueryData<AttendanceGrid>(key, (grid) =>
        grid ? withMark(grid, { ...change, status: context?.before }) : grid,
      );
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: markMutationKey(groupId) }) <= 1)
        refreshAfterMark(queryClient, groupId);
    },
  });
}

/** POST /attendance/lesson: one mark for the listed students of a lesson ("all present"). */
export function useMarkLesson(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { date: string; status: 0 | 1; student_ids?: number[] }) =>
      apiRequest<{ marked: number }>('/attendance/lesson', { method: 'POST', body: { group_id: groupId, ...input } }),
    onSuccess: () => refreshAfterMark(queryClient, groupId),
  });
}

type LessonRef = { date: string };

/** Cancel, restore, move, theme and teacher: each refreshes the grid, the day lists and the timetable. */
export function useLessonChanges(groupId: number) {
  const queryClient = useQueryClient();
  const refresh = () => {
    refreshAfterMark(queryClient, groupId);
    void queryClient.invalidateQueries({ queryKey: scheduleKey });
  };
  const cancel = useMutation({
    mutationFn: (input: Omit<LessonCancelInput, 'group_id'>) =>
      apiRequest<Lesson>('/canceled-lesson', { method: 'POST', body: { group_id: groupId, ...input } }),
    onSuccess: refresh,
  });
  const restore = useMutation({
    mutationFn: ({ date }: LessonRef) =>
      apiRequest<Lesson>(`/canceled-lesson/${groupId}/${date}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const transfer = useMutation({
    mutationFn: (input: Omit<LessonTransferInput, 'group_id'>) =>
      apiRequest<Lesson>('/lesson/transfer', { method: 'POST', body: { group_id: groupId, ...input } }),
    onSuccess: refresh,
  });
  const setTheme = useMutation({
    mutationFn: (input: Omit<LessonEntityInput, 'group_id'>) =>
      apiRequest<Lesson>('/lesson-entity', { method: 'POST', body: { group_id: groupId, ...input } }),
    onSuccess: () => refreshAfterMark(queryClient, groupId),
  });
  const changeTeacher = useMutation({
    mutationFn: (input: TeacherChangeInput) =>
      apiRequest<unknown>(`/group/${groupId}/teacher/change`, { method: 'PUT', body: input }),
    onSuccess: (_, input) => {
      refresh();
      // From a day on, the group's own teacher changes too.
      if (input.scope === 'from_date') {
        void queryClient.invalidateQueries({ queryKey: groupKey(groupId) });
        void queryClient.invalidateQueries({ queryKey: groupListKey });
      }
    },
  });
  return { cancel, restore, transfer, setTheme, changeTeacher };
}
