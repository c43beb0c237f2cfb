import type { Pagination } from '@crm/contracts';

/** The shape of every paged list (spec §3 pagination), `listOf` in contracts as a type. */
export interface ListResponse<T> {
  data: T[];
  pagination: Pagination;
}
