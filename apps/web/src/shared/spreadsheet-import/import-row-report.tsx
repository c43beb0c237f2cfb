import type { ImportResult } from '@crm/contracts';
import { formatPhone } from '@crm/contracts';
import { Alert, Collapse, Flex, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneText } from '../format/phone';

type RejectedRow = Omit<ImportResult['rejected'][number], 'reason'> & { reason: string };

/** What an import answers: the students' (ImportResult), or the leads' with the rows it added too. */
export interface ImportReportResult {
  total_rows: number;
  imported: number;
  rejected: readonly RejectedRow[];
  added?: readonly { row: number; name: string; phone: string }[];
}

export interface ImportReportWords {
  /** The name and phone columns' titles. */
  name: string;
  phone: string;
  /** Said under the summary when rows were refused: how many, and what to do about them. */
  rejectedCount: (count: number) => string;
  /** Why a row was refused, by the server's reason. */
  reason: (reason: string) => string;
  /** The title of the added rows' list. */
  added?: (count: number) => string;
}

const pagination = (rows: readonly unknown[]) =>
  rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : (false as const);

/**
 * What an import did, row by row: how many rows came in, every refused (or skipped) row with its reason,
 * and the added rows (collapsed) where the import lists them.
 */
export function ImportRowReport({
  result,
  country,
  words,
}: {
  result: ImportReportResult;
  country: string;
  words: ImportReportWords;
}) {
  const { t } = useTranslation();
  const rowColumn = { title: t('users.import.row'), dataIndex: 'row', key: 'row', width: 80 };
  const nameColumn = { title: words.name, dataIndex: 'name', key: 'name' };
  const refusedColumns: TableColumnsType<RejectedRow> = [
    rowColumn,
    nameColumn,
    {
      title: words.phone,
      key: 'phone',
      // A refused phone is shown as it was typed; a good one with the country's mask.
      render: (_, row) => (row.phone && row.reason !== 'phone_invalid' ? phoneText(row.phone, country) : row.phone),
    },
    { title: t('users.import.reason'), key: 'reason', render: (_, row) => words.reason(row.reason) },
  ];
  const added = result.added ?? [];
  return (
    <Flex vertical gap={12}>
      <Alert
        type={result.rejected.length ? 'warning' : 'success'}
        showIcon
        title={t('users.import.summary', { imported: result.imported, total: result.total_rows })}
        description={result.rejected.length ? words.rejectedCount(result.rejected.length) : undefined}
      />
      {result.rejected.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          dataSource={result.rejected}
          scroll={{ x: 'max-content' }}
          pagination={pagination(result.rejected)}
          columns={refusedColumns}
        />
      )}
      {added.length > 0 && words.added && (
        <Collapse
          size="small"
          items={[
            {
              key: 'added',
              label: words.added(added.length),
              children: (
                <Table
                  size="small"
                  rowKey="row"
                  dataSource={added}
                  scroll={{ x: 'max-content' }}
                  pagination={pagination(added)}
                  columns={[
                    rowColumn,
                    nameColumn,
                    { title: words.phone, key: 'phone', render: (_, row) => formatPhone(row.phone, country) },
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
