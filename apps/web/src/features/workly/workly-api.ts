import { type WorklyBindInput, type WorklyCredentialsInput, worklyRoutes } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

export const worklyKey = ['workly'] as const;
const connectionKey = [...worklyKey, 'connection'] as const;

/** Workly's answers change by the minute (someone checks in): read again after a minute, not at every focus. */
const WORKLY_STALE_MS = 60_000;

/** GET /workly/connection: connected or not, masked, and what the caller may do. */
export const useWorklyConnection = () =>
  useQuery({ queryKey: connectionKey, queryFn: () => api(worklyRoutes.getConnection), staleTime: WORKLY_STALE_MS });

/** GET /workly/at_work/{x}: who came that day (`x` a day or 'today'), and who is in now. */
export const useWorklyAtWork = (day: string, branchId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...worklyKey, 'at-work', day, branchId],
    queryFn: () => api(worklyRoutes.atWork, { params: { x: day }, query: { branch_id: branchId } }),
    placeholderData: keepPreviousData,
    staleTime: WORKLY_STALE_MS,
    enabled,
  });

/** GET /workly/late_in of one day. */
export const useWorklyLate = (day: string, branchId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...worklyKey, 'late', day, branchId],
    queryFn: () => api(worklyRoutes.lateIn, { query: { date: day, branch_id: branchId } }),
    placeholderData: keepPreviousData,
    staleTime: WORKLY_STALE_MS,
    enabled,
  });

/** GET /workly/bindings: the binding table. */
export const useWorklyBindings = (branchId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...worklyKey, 'bindings', branchId],
    queryFn: () => api(worklyRoutes.listBindings, { query: { branch_id: branchId } }),
    staleTime: WORKLY_STALE_MS,
    enabled,
  });

/** A binding changes every list of the page (names replace Workly's), so all of Workly is read again. */
function useWorklyMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: worklyKey }) });
}

export const useBindWorkly = () => useWorklyMutation((body: WorklyBindInput) => api(worklyRoutes.bind, { body }));

export const useUnbindWorkly = () =>
  useWorklyMutation((userId: number) => api(worklyRoutes.unbind, { params: { user_id: userId } }));

export const useSaveWorklyConnection = () =>
  useWorklyMutation((body: WorklyCredentialsInput) => api(worklyRoutes.saveConnection, { body }));

export const useRemoveWorklyConnection = () => useWorklyMutation(() => api(worklyRoutes.removeConnection));
