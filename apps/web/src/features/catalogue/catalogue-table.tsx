import { Alert, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { emptyList } from '../courses/catalog-ui';

/** What a catalogue shows of its list query (a TanStack query result fits). */
export interface ListStatus {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPending: boolean;
}

interface CatalogueTableProps<Row> {
  list: ListStatus;
  rows: readonly Row[] | undefined;
  columns: TableColumnsType<Row>;
  /** Said when the list is empty, with the way to the first row. */
  empty: string;
  createFirst?: { label: string; onClick: () => void };
}

/**
 * A catalogue's rows (holidays, archive and lead deletion reasons, expense types): a failed load said above
 * the table (401 and the plain 403 are said app-wide), 20 rows a page, and an empty list that offers the
 * first row once the first load has answered.
 */
export function CatalogueTable<Row extends { id: number }>({
  list,
  rows,
  columns,
  empty,
  createFirst,
}: CatalogueTableProps<Row>) {
  const { t } = useTranslation();
  return (
    <>
      {list.isError && !isHandledGlobally(list.error) && (
        <Alert type="error" showIcon title={errorMessage(t, list.error)} />
      )}
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: emptyList(list.isPending, empty, createFirst) }}
      />
    </>
  );
}
