import { MinusCircleOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import type { LedgerEntry, StudentBalance, UserProfile } from '@crm/contracts';
import { Alert, Button, Card, Empty, Flex, Skeleton, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';
import { formatMoney, useCurrency } from '../courses/money';
import { tablePagination } from '../groups/table-pagination';
import { SendPaymentLinkButton } from '../online-payments/payment-link-button';
import { CancelEntryDialog } from './cancel-entry-dialog';
import { EntryActions, EntryDate, EntryKind, EntryNote } from './entry-cells';
import { useStudentBalance, useStudentLedger } from './money-api';
import { type MoneyAction, MoneyDialog } from './money-dialog';
import { isCancelled, SignedAmount } from './money-text';

/**
 * Spec §2 student profile: balance, group balance, payments, and the pay, refund and write-off actions.
 * The ledger below is the balance line by line, every entry newest first.
 */
export function BalanceTab({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const [action, setAction] = useState<MoneyAction | null>(null);
  const [cancelling, setCancelling] = useState<LedgerEntry | null>(null);
  const student = { id: person.id, name: person.name };
  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={16} justify="space-between" align="flex-start">
        <BalanceSummary person={person} />
        <Space wrap>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAction({ kind: 'pay' })}>
            {t('finance.pay.open')}
          </Button>
          <Button icon={<RollbackOutlined />} onClick={() => setAction({ kind: 'refund' })}>
            {t('finance.refund.open')}
          </Button>
          <Button icon={<MinusCircleOutlined />} onClick={() => setAction({ kind: 'writeOff' })}>
            {t('finance.writeOff.open')}
          </Button>
          <SendPaymentLinkButton student={person} />
        </Space>
      </Flex>
      <LedgerTable
        studentId={person.id}
        onEdit={(entry) => setAction({ kind: 'edit', entry })}
        onCancel={setCancelling}
      />
      <MoneyDialog action={action} student={student} onClose={() => setAction(null)} />
      <CancelEntryDialog entry={cancelling} onClose={() => setCancelling(null)} />
    </Flex>
  );
}

/** The student's balance in big figures (red in debt) and what each of his groups holds. */
function BalanceSummary({ person }: { person: UserProfile }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const balance = useStudentBalance(person.id);
  if (balance.isPending) return <Skeleton.Input active size="large" style={{ width: 240 }} />;
  if (balance.isError) {
    return isHandledGlobally(balance.error) ? null : (
      <Alert type="error" showIcon title={errorMessage(t, balance.error)} />
    );
  }
  const total = balance.data.balance;
  return (
    <Flex vertical gap={8} style={{ minWidth: 0 }}>
      <Typography.Text type="secondary">{t('finance.balance.title')}</Typography.Text>
      <Typography.Text
        strong
        type={total < 0 ? 'danger' : undefined}
        style={{ fontSize: 32, lineHeight: 1.1 }}
        data-testid="student-balance"
      >
        {formatMoney(total, currency)}
      </Typography.Text>
      {total < 0 && <Typography.Text type="danger">{t('finance.balance.debt')}</Typography.Text>}
      <GroupBalances person={person} balance={balance.data} />
    </Flex>
  );
}

/** Spec §2 "group balance": every group of the student (none booked yet shows 0) and the general balance. */
function GroupBalances({ person, balance }: { person: UserProfile; balance: StudentBalance }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const booked = new Map(balance.groups.map((row) => [row.group.id, row]));
  const rows = [
    ...person.groups
      .filter((group) => group.student_status !== null)
      .map((group) => ({ id: group.id, title: group.name, amount: booked.get(group.id)?.balance ?? 0 })),
    ...balance.groups
      .filter((row) => !person.groups.some((group) => group.id === row.group.id))
      .map((row) => ({ id: row.group.id, title: row.group.title, amount: row.balance })),
  ];
  if (!rows.length) return null;
  return (
    <Flex wrap gap={8}>
      {[{ id: 0, title: t('finance.balance.general'), amount: balance.general }, ...rows].map((row) => (
        <Card key={row.id} size="small" styles={{ body: { padding: '6px 12px' } }}>
          <Flex vertical>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.title}
            </Typography.Text>
            <Typography.Text strong type={row.amount < 0 ? 'danger' : undefined}>
              {formatMoney(row.amount, currency)}
            </Typography.Text>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

interface LedgerTableProps {
  studentId: number;
  onEdit: (entry: LedgerEntry) => void;
  onCancel: (entry: LedgerEntry) => void;
}

/** GET /user/{id}/ledger, a page at a time: every movement with its sign, author and reason. */
function LedgerTable({ studentId, onEdit, onCancel }: LedgerTableProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const ledger = useStudentLedger(studentId, page);
  const entries = ledger.data?.data;

  const columns: TableColumnsType<LedgerEntry> = [
    { title: t('finance.columns.date'), key: 'date', render: (_, entry) => <EntryDate entry={entry} /> },
    {
      title: t('finance.columns.amount'),
      key: 'amount',
      align: 'right',
      render: (_, entry) => <SignedAmount amount={entry.amount} cancelled={isCancelled(entry)} />,
    },
    {
      title: t('finance.columns.kind'),
      key: 'kind',
      render: (_, entry) => <EntryKind entry={entry} />,
    },
    { title: t('finance.columns.group'), key: 'group', render: (_, entry) => entry.group?.title ?? '—' },
    {
      title: t('finance.columns.method'),
      key: 'method',
      render: (_, entry) => (entry.method ? t(`finance.methods.${entry.method}`) : '—'),
    },
    { title: t('finance.columns.comment'), key: 'comment', render: (_, entry) => <EntryNote entry={entry} /> },
    { title: t('finance.columns.author'), key: 'author', render: (_, entry) => entry.author?.name ?? '—' },
    {
      // Named for screen readers: a table header left empty leaves the row menus without one (axe).
      title: <VisuallyHidden>{t('common.actions')}</VisuallyHidden>,
      key: 'actions',
      width: 48,
      fixed: 'right',
      render: (_, entry) => <EntryActions entry={entry} onEdit={onEdit} onCancel={onCancel} />,
    },
  ];

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
        {t('finance.ledger.title')}
      </Typography.Title>
      {ledger.isError && !isHandledGlobally(ledger.error) && (
        <Alert type="error" showIcon title={errorMessage(t, ledger.error)} />
      )}
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={entries}
        loading={ledger.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={tablePagination(ledger.data?.pagination, page, setPage)}
        locale={{ emptyText: ledger.isPending ? ' ' : <Empty description={t('finance.ledger.empty')} /> }}
      />
    </Flex>
  );
}
