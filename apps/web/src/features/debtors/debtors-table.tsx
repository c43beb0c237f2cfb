import type { Debtor, DebtorGroup, DebtorListName, DebtorsList } from '@crm/contracts';
import { Empty, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { phoneText } from '../../shared/format/phone';
import { useSession } from '../../shared/session/use-session';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { tablePagination } from '../groups/table-pagination';
import { PhoneWithCall } from '../telephony/call-button';

interface DebtorsTableProps {
  list: DebtorListName;
  answer: DebtorsList | undefined;
  pending: boolean;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
}

/** An amount in the company currency, red below zero. */
function Balance({ amount, strong }: { amount: number; strong?: boolean }) {
  const currency = useCurrency();
  return (
    <Typography.Text strong={strong} type={amount < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(amount, currency)}
    </Typography.Text>
  );
}

/** One group of a student: its balance and, in debt, the debt in its lessons; else what it charges next. */
function GroupLine({ list, line }: { list: DebtorListName; line: DebtorGroup }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const owed = line.debt > 0 && line.debt_lessons !== null;
  return (
    <Flex wrap gap={8} align="center">
      <Typography.Text>{line.group.title}</Typography.Text>
      <Balance amount={line.balance} />
      {list === 'list' && owed && (
        <Tag
          color="red"
          title={t('debtors.lessonsHint', {
            debt: formatMoney(line.debt, currency),
            price: formatMoney(line.lesson_price ?? 0, currency),
          })}
        >
          {t('debtors.lessons', { count: line.debt_lessons ?? 0 })}
        </Tag>
      )}
      {list === 'not-enough' && line.next_charge && (
        <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {t('debtors.nextChargeOn', {
            amount: formatMoney(line.next_charge.amount, currency),
            date: dateText(line.next_charge.date),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}

function GroupLines({ list, debtor }: { list: DebtorListName; debtor: Debtor }) {
  return (
    <Flex vertical gap={4}>
      {debtor.groups.map((line) => (
        <GroupLine key={line.group.id} list={list} line={line} />
      ))}
    </Flex>
  );
}

/** The soonest of the groups' next charges (the day the balance runs short). */
const firstChargeDay = (debtor: Debtor) =>
  debtor.groups
    .map((g) => g.next_charge?.date)
    .filter((d): d is string => !!d)
    .sort()[0];

/**
 * The students of a list: name (to the profile), phone, balance in red, each group's balance with the debt
 * in lessons or the next charge. On a phone the phone and the groups go under the name.
 */
export function DebtorsTable({ list, answer, pending, fetching, page, onPage }: DebtorsTableProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const country = useSession().company?.datas.country ?? 'uz';
  const narrow = !Grid.useBreakpoint().md;
  const columns: TableColumnsType<Debtor> = [
    {
      title: t('debtors.columns.student'),
      key: 'student',
      render: (_, d) => (
        <Flex vertical>
          <Link to={`/students/profile/${d.student.id}`}>{d.student.name}</Link>
          {narrow && (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                {phoneText(d.student.phone, country)}
              </Typography.Text>
              <GroupLines list={list} debtor={d} />
            </>
          )}
        </Flex>
      ),
    },
    {
      title: t('debtors.columns.phone'),
      key: 'phone',
      responsive: ['md'],
      render: (_, d) => (
        <PhoneWithCall
          phone={d.student.phone}
          text={
            <a href={`tel:${phoneText(d.student.phone, country).replace(/\s/g, '')}`}>
              {phoneText(d.student.phone, country)}
            </a>
          }
        />
      ),
    },
    {
      title: t('debtors.columns.balance'),
      key: 'balance',
      align: 'right',
      render: (_, d) => <Balance amount={d.balance} strong />,
    },
    ...(list === 'not-enough'
      ? [
          {
            title: t('debtors.columns.shortfall'),
            key: 'shortfall',
            align: 'right' as const,
            render: (_: unknown, d: Debtor) => (
              <Flex vertical align="flex-end">
                <Typography.Text strong type="danger" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(d.next_charge - d.balance, currency)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                  {t('debtors.nextChargeOn', {
                    amount: formatMoney(d.next_charge, currency),
                    date: dateText(firstChargeDay(d)),
                  })}
                </Typography.Text>
              </Flex>
            ),
          },
        ]
      : []),
    {
      title: t('debtors.columns.groups'),
      key: 'groups',
      responsive: ['md'],
      render: (_, d) => <GroupLines list={list} debtor={d} />,
    },
  ];
  return (
    <Table
      rowKey={(d) => d.student.id}
      size="middle"
      columns={columns}
      dataSource={answer?.data}
      loading={fetching}
      scroll={{ x: 'max-content' }}
      pagination={tablePagination(answer?.pagination, page, onPage)}
      locale={{ emptyText: pending ? ' ' : <Empty description={t(`debtors.empty.${list}`)} /> }}
    />
  );
}
