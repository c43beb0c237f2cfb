import { STUDENT_FINANCE_FILTERS, type StudentFinanceFilter } from '@crm/contracts';
import { useCallback } from 'react';
import { useSearchPatch } from '../../shared/url/use-search-patch';
import type { PeopleFilters } from './users-api';

const numbers = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

const financeOf = (value: string | null): StudentFinanceFilter | undefined =>
  STUDENT_FINANCE_FILTERS.find((filter) => filter === value);

/** The list's filters as the address gives them (the header's branch unless another is chosen). */
export function filtersOf(params: URLSearchParams, headerBranch: number | null): PeopleFilters {
  const branchParam = params.get('branch');
  return {
    name_or_phone: params.get('q') ?? undefined,
    branch_id: branchParam === 'all' ? undefined : Number(branchParam) || headerBranch || undefined,
    course_id: Number(params.get('course')) || undefined,
    statuses: numbers(params.get('statuses')),
    tag_ids: numbers(params.get('tags')),
    finance: financeOf(params.get('finance')),
    sort_by_name: params.get('sort') === 'name' || undefined,
  };
}

export const pageOf = (params: URLSearchParams): number => Math.max(1, Number(params.get('page')) || 1);

/** Filters and page live in the address, so a reload or a shared link shows the same list. */
export function useListState(headerBranch: number | null) {
  const [params, patch] = useSearchPatch();
  const allBranches = params.get('branch') === 'all';
  const filters = filtersOf(params, headerBranch);
  const page = pageOf(params);
  const archivedView = params.get('view') === 'archived';

  // Spec §5: any change of a filter starts again at page one.
  const setFilters = useCallback(
    (next: PeopleFilters, all: boolean) =>
      patch({
        q: next.name_or_phone || undefined,
        branch: all ? 'all' : next.branch_id && next.branch_id !== headerBranch ? String(next.branch_id) : undefined,
        course: next.course_id ? String(next.course_id) : undefined,
        statuses: next.statuses?.length ? next.statuses.join(',') : undefined,
        tags: next.tag_ids?.length ? next.tag_ids.join(',') : undefined,
        finance: next.finance,
        sort: next.sort_by_name ? 'name' : undefined,
        page: undefined,
      }),
    [patch, headerBranch],
  );
  const setPage = useCallback((next: number) => patch({ page: next > 1 ? String(next) : undefined }), [patch]);
  const setArchivedView = (archived: boolean) => patch({ view: archived ? 'archived' : undefined, page: undefined });
  return { filters, allBranches, page, archivedView, setFilters, setPage, setArchivedView };
}
