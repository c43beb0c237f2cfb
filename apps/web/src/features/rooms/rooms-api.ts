import type { Room, RoomInput } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import type { ListResponse } from '../../shared/api/list-response';

export const ROOMS_PER_PAGE = 20;

export const roomsKey = (branchId: number) => ['rooms', branchId] as const;

export const useRooms = (branchId: number, page: number) =>
  useQuery({
    queryKey: [...roomsKey(branchId), page],
    queryFn: () =>
      apiRequest<ListResponse<Room>>('/room', { query: { branch_id: branchId, page, per_page: ROOMS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** Room writes; each refreshes the branch's room list and nothing else. */
export function useRoomMutations(branchId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: roomsKey(branchId) });
  const create = useMutation({
    mutationFn: (input: RoomInput) =>
      apiRequest<Pick<Room, 'id' | 'name'>>('/room', { method: 'POST', body: { ...input, branch_id: branchId } }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: RoomInput & { id: number }) =>
      apiRequest<Room>(`/room/${id}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/room/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}
