import { type GradeInput, type GradeSettingsInput, type GroupGrades, gradeRoutes } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

export const gradesKey = ['grades'] as const;
const settingsKey = [...gradesKey, 'settings'] as const;
const groupGradesKey = (groupId: number, from: string, till: string) =>
  [...gradesKey, 'group', groupId, from, till] as const;

export const useGradeSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api(gradeRoutes.gradeSettings) });

/** Saving may delete every grade (a new max score): all grade queries are read again. */
export function useSaveGradeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GradeSettingsInput) => api(gradeRoutes.saveGradeSettings, { body, handleErrors: false }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: gradesKey });
    },
  });
}

/** GET /group/{id}/grades/{from}/{till}: beside the attendance grid of the same month. */
export const useGroupGrades = (groupId: number, from: string, till: string) =>
  useQuery({
    queryKey: groupGradesKey(groupId, from, till),
    queryFn: () => api(gradeRoutes.groupGrades, { params: { group_id: groupId, from, till } }),
  });

/** A student's grade for a lesson in a cached answer (score null: none). */
function withGrade(answer: GroupGrades, change: GradeInput): GroupGrades {
  const others = answer.grades.filter((g) => !(g.student_id === change.student_id && g.date === change.date));
  if (change.score === null) return { ...answer, grades: others };
  const given = { student_id: change.student_id, date: change.date, score: change.score, author: null, updated_at: '' };
  return { ...answer, grades: [...others, given] };
}

/**
 * Gives or takes back one grade at once (optimistic), putting the old one back if the server refuses; the
 * month is read again when the last of several quick clicks is answered.
 */
export function useSetGrade(groupId: number, from: string, till: string) {
  const queryClient = useQueryClient();
  const key = groupGradesKey(groupId, from, till);
  const mutationKey = [...gradesKey, 'set', groupId];
  return useMutation({
    mutationKey,
    mutationFn: (change: GradeInput) => api(gradeRoutes.setGrade, { body: change, handleErrors: false }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<GroupGrades>(key);
      const before = previous?.grades.find((g) => g.student_id === change.student_id && g.date === change.date);
      if (previous) queryClient.setQueryData<GroupGrades>(key, withGrade(previous, change));
      return { before: before?.score ?? null };
    },
    onError: (_error, change, context) => {
      queryClient.setQueryData<GroupGrades>(key, (answer) =>
        answer ? withGrade(answer, { ...change, score: context?.before ?? null }) : answer,
      );
    },
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey: gradesKey });
    },
  });
}

/** GET /user/{id}/grades. */
export const useStudentGrades = (studentId: number, enabled = true) =>
  useQuery({
    queryKey: [...gradesKey, 'student', studentId],
    queryFn: () => api(gradeRoutes.studentGrades, { params: { id: studentId }, query: {} }),
    enabled,
  });

/** GET /grades/overview: settings-grade's graph and table. */
export const useGradeOverview = (branchId: number | null, month: string | undefined) =>
  useQuery({
    queryKey: [...gradesKey, 'overview', branchId, month ?? null],
    queryFn: () => api(gradeRoutes.gradeOverview, { query: { branch_id: branchId as number, month } }),
    enabled: branchId !== null,
    placeholderData: keepPreviousData,
  });
