import type {
  Lead,
  LeadColumn,
  LeadIncrement,
  LeadIncrementInput,
  LeadInput,
  LeadList,
  LeadSearch,
  LeadUpdate,
} from '@crm/contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { boardKey, boardQuery, leadsKey } from './board-query';

export { boardKey, leadsKey };

/** The list and table views, the filtered board and the archive: paged reads of GET /leadData. */
export const leadListsKey = [...leadsKey, 'list'] as const;

/** The search of spec §9 without the branch (the header's branch switcher chooses it). */
export type LeadFilters = Omit<LeadSearch, 'branch_id'>;

export const LIST_PAGE_SIZE = 50;

/** Spec §7 GET leads/?branch_id: the board with each list's first page. */
export const useBoard = (branchId: number) => useQuery(boardQuery(branchId));

/** GET leads/more: the cards of a list after its last loaded one. */
export const fetchMoreLeads = (query: {
  branch_id: number;
  column: LeadColumn;
  section_id?: number;
  after_position?: number;
  after_id?: number;
}) => apiRequest<{ data: Lead[] }>('/leads/more', { query }).then((answer) => answer.data);

/** POST lead-increment/?branch_id: one board change, answered by the update record stored. */
export const postBoardChange = (branchId: number, change: LeadIncrementInput) =>
  apiRequest<LeadIncrement>('/lead-increment/', { method: 'POST', query: { branch_id: branchId }, body: change });

/** GET /leadData: the list view and each column of the filtered board. */
export const fetchLeadList = (branchId: number, filters: LeadFilters, page: number, column?: LeadColumn) =>
  apiRequest<LeadList>('/leadData', {
    query: { branch_id: branchId, ...filters, column, page, per_page: LIST_PAGE_SIZE },
  });

export const useLeadList = (branchId: number, filters: LeadFilters, page: number) =>
  useQuery({
    queryKey: [...leadListsKey, 'table', branchId, filters, page],
    queryFn: () => fetchLeadList(branchId, filters, page),
    placeholderData: keepPreviousData,
  });

/** One column of the filtered board, a page at a time as it scrolls. */
export const useFilteredColumn = (branchId: number, filters: LeadFilters, column: LeadColumn) =>
  useInfiniteQuery({
    queryKey: [...leadListsKey, 'column', branchId, filters, column],
    queryFn: ({ pageParam }) => fetchLeadList(branchId, filters, pageParam, column),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
  });

/** Archived leads (GET /leads/archive), newest first. */
export const useArchivedLeads = (branchId: number, filters: LeadFilters, page: number) =>
  useQuery({
    queryKey: [...leadListsKey, 'archive', branchId, filters, page],
    queryFn: () =>
      apiRequest<LeadList>('/leads/archive', {
        query: { branch_id: branchId, ...filters, page, per_page: LIST_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Lead writes outside the board's own changes. Each writes an update record on the server, so open
 * boards (this one too) follow through the stream; the lists are refreshed here.
 */
export function useLeadMutations() {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: leadListsKey });
  const create = useMutation({
    mutationFn: (input: LeadInput) => apiRequest<Lead>('/leadData', { method: 'POST', body: input }),
    onSuccess: refreshLists,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: LeadUpdate & { id: number }) =>
      apiRequest<Lead>(`/leadData/${id}`, { method: 'PUT', body: input }),
    onSuccess: refreshLists,
  });
  const restore = useMutation({
    mutationFn: (id: number) => apiRequest<Lead>(`/leads/archive/${id}/restore`, { method: 'POST' }),
    onSuccess: refreshLists,
  });
  return { create, update, restore };
}
