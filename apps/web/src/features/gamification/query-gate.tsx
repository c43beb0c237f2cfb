import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Skeleton, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import type { ListResponse } from '../../shared/api/list-response';
import { tablePagination } from '../groups/table-pagination';

/** A refusal in words, or nothing where the app has already said it (401, the plain 403 of spec §8). */
export function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return isHandledGlobally(error) ? null : <Alert type="error" showIcon title={errorMessage(t, error)} />;
}

/**
 * What an answer's screen shows before and instead of it: a skeleton named for screen readers while it loads, the
 * refusal in words (nothing where the app has already said it, e.g. a plain 403).
 */
export function QueryGate<T>({
  query,
  loading,
  rows = 4,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  /** The skeleton's name: what is loading. */
  loading: string;
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <Refusal error={query.error} />;
  if (query.data === undefined)
    return (
      <div role="status" aria-label={loading}>
        <Skeleton active paragraph={{ rows }} />
      </div>
    );
  return children(query.data);
}

interface PagedTableProps<T> extends Pick<TableProps<T>, 'columns'> {
  list: Pick<UseQueryResult<ListResponse<T>>, 'data' | 'error' | 'isError' | 'isPending' | 'isPlaceholderData'>;
  page: number;
  onPage: (page: number) => void;
  /** Said where the page has no row. */
  empty: ReactNode;
}

/** A paged list of the API as a table that scrolls sideways on a phone, or its refusal in words. */
export function PagedTable<T extends { id: number }>({ list, columns, page, onPage, empty }: PagedTableProps<T>) {
  if (list.isError) return <Refusal error={list.error} />;
  return (
    <Table<T>
      rowKey="id"
      columns={columns}
      dataSource={list.data?.data}
      loading={list.isPending || list.isPlaceholderData}
      locale={{ emptyText: empty }}
      pagination={tablePagination(list.data?.pagination, page, onPage)}
      scroll={{ x: 'max-content' }}
    />
  );
}
