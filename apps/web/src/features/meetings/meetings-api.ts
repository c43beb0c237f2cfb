import { type MeetingSettingsInput, meetingRoutes } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

const meetingsKey = ['meetings'] as const;
const settingsKey = [...meetingsKey, 'settings'] as const;

export const useMeetingSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api(meetingRoutes.settings, { handleErrors: false }) });

export function useSaveMeetingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MeetingSettingsInput) => api(meetingRoutes.saveSettings, { body, handleErrors: false }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: meetingsKey });
    },
  });
}

/** Today's room of a group (its name leads to the meeting page). */
export const useGroupMeeting = (groupId: number) =>
  useQuery({
    queryKey: [...meetingsKey, 'group', groupId],
    queryFn: () => api(meetingRoutes.groupMeeting, { params: { id: groupId }, query: {}, handleErrors: false }),
  });

/** A room by its name; read again every half minute so the teacher sees who has joined. */
export const useMeeting = (room: string) =>
  useQuery({
    queryKey: [...meetingsKey, 'room', room],
    queryFn: () => api(meetingRoutes.meeting, { params: { room } }),
    refetchInterval: 30_000,
  });

export function useJoinMeeting(room: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(meetingRoutes.join, { params: { room }, handleErrors: false }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...meetingsKey, 'room', room] }),
  });
}
