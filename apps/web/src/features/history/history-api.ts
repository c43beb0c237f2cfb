import {
  HISTORY_EXPORT_PATH,
  type HistoryFilter,
  type HistoryItem,
  historyRoutes,
  type UserListItem,
} from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, routePath } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import type { ListResponse } from '../../shared/api/list-response';
import { downloadReport } from '../reports/reports-api';

export const HISTORY_PER_PAGE = 30;

/** The page's filters as the URL and the API take them (HistoryFilter; several types comma-separated). */
export type HistoryFilters = Omit<HistoryFilter, 'type' | 'entity'> & { type?: number[] };

/** The filters as query values: empty ones are not sent, types go comma-separated. */
const queryOf = (filters: HistoryFilters) => ({
  ...filters,
  type: filters.type?.length ? filters.type.join(',') : undefined,
});

export const historyKey = ['history'] as const;

/** GET /company/{id}/history: a page of the filter's events, newest first. */
export const useCompanyHistory = (companyId: number, filters: HistoryFilters, page: number) =>
  useQuery({
    queryKey: [...historyKey, companyId, filters, page],
    queryFn: () =>
      api(historyRoutes.listCompanyHistory, {
        params: { id: companyId },
        query: { ...queryOf(filters), page, per_page: HISTORY_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

/** The same filter as an Excel file, its sentences in the interface's language. */
export const downloadHistory = (companyId: number, filters: HistoryFilters, language: string) =>
  downloadReport(
    routePath(HISTORY_EXPORT_PATH, { id: companyId }),
    { ...queryOf(filters), lang: language },
    `history${filters.from ? `-${filters.from}` : ''}${filters.till ? `_${filters.till}` : ''}.xlsx`,
  );

/** Who can have done something: staff and teachers of the company, by name (the "staff member" filter). */
export const useActorOptions = () =>
  useQuery({
    queryKey: ['users', 'history-actor-options'],
    queryFn: async () => {
      const page = (user_type: 'staff' | 'teacher') =>
        apiRequest<ListResponse<UserListItem>>('/user', { query: { user_type, per_page: 500, sort_by_name: 1 } });
      const [staff, teachers] = await Promise.all([page('staff'), page('teacher')]);
      const byId = new Map([...staff.data, ...teachers.data].map((user) => [user.id, user.name]));
      return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
    },
    staleTime: 60_000,
  });

export type { HistoryItem };
