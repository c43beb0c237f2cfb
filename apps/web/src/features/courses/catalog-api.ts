import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';

/**
 * POST `path`, PUT and DELETE `path/{id}` of a catalogue (courses, holidays, tags, archive reasons);
 * each write refreshes the queries under `queryKey` and nothing else.
 */
export function useCatalogMutations<Item, CreateInput, UpdateInput = CreateInput, Deleted = { ok: true }>(
  path: string,
  queryKey: readonly unknown[],
  /** Queries of a deleted row to forget rather than refetch (its page would answer 404). */
  queriesOfDeleted?: (id: number) => readonly unknown[],
) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: (input: CreateInput) => apiRequest<Item>(path, { method: 'POST', body: input }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: UpdateInput & { id: number }) =>
      apiRequest<Item>(`${path}/${id}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<Deleted>(`${path}/${id}`, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      if (queriesOfDeleted) queryClient.removeQueries({ queryKey: queriesOfDeleted(id) });
      return onSuccess();
    },
  });
  return { create, update, remove };
}
