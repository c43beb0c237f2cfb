import { type GroupComment, groupCommentRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import { groupCommentsKey, groupsKey } from './groups-api';

const studentCommentsKey = (studentId: number) => [...groupsKey, 'student-comments', studentId] as const;

/** GET groupComments about one student of a group (spec §7), newest first. */
export const useGroupStudentComments = (groupId: number, studentId: number) =>
  useQuery({
    queryKey: [...groupCommentsKey(groupId), studentId],
    queryFn: () =>
      apiRequest<{ data: GroupComment[] }>('/groupComments', { query: { group_id: groupId, student_id: studentId } }),
  });

/** POST groupComments about a student; his profile's list is read again too. */
export function useAddStudentComment(groupId: number, studentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; visible_to_student: boolean }) =>
      apiRequest<GroupComment>('/groupComments', {
        method: 'POST',
        body: { group_id: groupId, student_id: studentId, ...input },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: groupCommentsKey(groupId) });
      void queryClient.invalidateQueries({ queryKey: studentCommentsKey(studentId) });
    },
  });
}

/** GET /user/{id}/group-comments: everything written about a student in his groups (his profile's tab). */
export const useStudentComments = (studentId: number) =>
  useQuery({
    queryKey: studentCommentsKey(studentId),
    queryFn: () => api(groupCommentRoutes.studentComments, { params: { id: studentId } }),
  });
