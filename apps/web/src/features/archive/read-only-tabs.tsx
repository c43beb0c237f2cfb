import type { LedgerEntry } from '@crm/contracts';
import { Alert, Empty, Flex, List, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { formatMoney, useCurrency } from '../courses/money';
import { EntryDate, EntryKind, EntryNote } from '../finance/entry-cells';
import { useStudentBalance, useStudentLedger } from '../finance/money-api';
import { isCancelled, SignedAmount } from '../finance/money-text';
import { tablePagination } from '../groups/table-pagination';
import { useNotes } from '../users/users-api';

/**
 * The archived student's money, read only: the balance and his ledger line by line, with the finance
 * feature's data hooks and cells but none of its pay, refund, write-off, edit or cancel actions.
 */
export function ReadOnlyMoney({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [page, setPage] = useState(1);
  const balance = useStudentBalance(studentId);
  const ledger = useStudentLedger(studentId, page);
  const failure = [balance, ledger].find((q) => q.isError && !isHandledGlobally(q.error));
  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('finance.columns.date'), key: 'date', render: (_, entry) => <EntryDate entry={entry} /> },
    {
      title: t('finance.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, entry) => <SignedAmount amount={entry.amount} cancelled={isCancelled(entry)} />,
    },
    { title: t('finance.columns.kind'), key: 'kind', render: (_, entry) => <EntryKind entry={entry} /> },
    { title: t('finance.columns.group'), key: 'group', render: (_, entry) => entry.group?.title ?? '—' },
    {
      title: t('finance.columns.method'),
      key: 'method',
      render: (_, entry) => (entry.method ? t(`finance.methods.${entry.method}`) : '—'),
    },
    { title: t('finance.columns.comment'), key: 'comment', render: (_, entry) => <EntryNote entry={entry} /> },
    { title: t('finance.columns.author'), key: 'author', render: (_, entry) => entry.author?.name ?? '—' },
  ];
  const total = balance.data?.balance;
  return (
    <Flex vertical gap={12}>
      {failure && <Alert type="error" showIcon title={errorMessage(t, failure.error)} />}
      {balance.isPending ? (
        <Skeleton.Input active size="large" style={{ width: 240 }} />
      ) : (
        total !== undefined && (
          <Flex vertical>
            <Typography.Text type="secondary">{t('finance.balance.title')}</Typography.Text>
            <Typography.Text strong type={total < 0 ? 'danger' : undefined} style={{ fontSize: 28, lineHeight: 1.2 }}>
              {formatMoney(total, currency)}
            </Typography.Text>
          </Flex>
        )
      )}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={ledger.data?.data}
        loading={ledger.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={tablePagination(ledger.data?.pagination, page, setPage)}
        locale={{ emptyText: ledger.isPending ? ' ' : <Empty description={t('finance.ledger.empty')} /> }}
      />
    </Flex>
  );
}

/** The profile's notes without the form that adds one. */
export function ReadOnlyNotes({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const notes = useNotes(studentId);
  return (
    <List
      loading={notes.isLoading}
      dataSource={notes.data?.data ?? []}
      locale={{ emptyText: <Empty description={t('users.notes.empty')} /> }}
      renderItem={(note) => (
        <List.Item>
          <List.Item.Meta
            title={
              <Flex gap={8} wrap>
                <span>{note.author?.name ?? t('users.history.system')}</span>
                <Typography.Text type="secondary">{dayjs(note.created_at).format('DD.MM.YYYY HH:mm')}</Typography.Text>
              </Flex>
            }
            description={<span style={{ whiteSpace: 'pre-wrap' }}>{note.text}</span>}
          />
        </List.Item>
      )}
    />
  );
}
