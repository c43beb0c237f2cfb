import type { LeadBoard } from '@crm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../app/query-client';
import { apiRequest } from '../../shared/api/api-client';
import { getSession } from '../../shared/session/session-store';
import { storedView } from './view-mode';

/** Every query of this feature starts with this key; a write refreshes what it touched under it. */
export const leadsKey = ['leads'] as const;
export const boardKey = (branchId: number) => [...leadsKey, 'board', branchId] as const;

/** Spec §7 GET leads/?branch_id: the board with each list's first page. */
export const boardQuery = (branchId: number) =>
  queryOptions({
    queryKey: boardKey(branchId),
    queryFn: () => apiRequest<LeadBoard>('/leads/', { query: { branch_id: branchId } }),
    enabled: branchId > 0,
    // The board store keeps it current from the update records; a reload is asked for, not timed.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    // Each load is handed to the store, even when it equals the last one.
    structuralSharing: false,
  });

/**
 * Asks for the board of the session's branch while the page's code is still loading (called by the
 * route's loader), so the answer and the code arrive together instead of one after the other. Only for
 * the board view and a signed-in session with a chosen branch; the page itself asks again if not.
 */
export function prefetchBoard(): void {
  const { token, branch } = getSession();
  if (!token || !branch || storedView() !== 'board') return;
  void queryClient.prefetchQuery(boardQuery(branch));
}
