import type { Pagination } from '@crm/contracts';
import type { TablePaginationConfig } from 'antd';

/** A table's pager for a paged API list (spec §3 pagination), hidden when everything fits on one page. */
export const tablePagination = (
  pagination: Pagination | undefined,
  page: number,
  onChange: (page: number) => void,
): TablePaginationConfig | false =>
  pagination && pagination.total_pages > 1
    ? { current: page, pageSize: pagination.per_page, total: pagination.total, onChange, showSizeChanger: false }
    : false;
