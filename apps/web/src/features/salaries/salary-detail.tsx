import type { Salary, SalaryDetail, SalaryLine } from '@crm/contracts';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Skeleton,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { useSalary } from './salaries-api';

/** "March 2025" in the interface language. */
export const monthText = (month: string) => {
  const text = dayjs(`${month}-01`).format('MMMM YYYY');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
};

export function StatusTag({ status }: { status: SalaryDetail['status'] }) {
  const { t } = useTranslation();
  return <Tag color={status === 'published' ? 'green' : 'gold'}>{t(`salaries.status.${status}`)}</Tag>;
}

/** The button of a row that opens the salary's lines. */
export function LinesButton({ salary, onOpen }: { salary: Salary; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      aria-label={t('salaries.linesLabel', { name: salary.teacher.name })}
      onClick={() => onOpen(salary.id)}
    >
      {t('salaries.linesButton')}
    </Button>
  );
}

/** What a line counted, in words: the rule and, for a payment, which one. */
function ruleText(t: TFunction, line: SalaryLine, currency: string): string {
  const money = (amount: number) => formatMoney(amount, currency);
  if (line.base === 'student_payment' && line.payment)
    return t('salaries.lines.percent', {
      percent: line.percent,
      amount: money(line.payment.amount),
      date: dateText(line.payment.date),
    });
  const rate = money(line.rate ?? 0);
  return t(line.base === 'per_course' ? 'salaries.lines.perCourse' : 'salaries.lines.perStudent', { rate });
}

/** Every line of a salary: the group, the student, the lessons counted of those held, the rule and the amount. */
export function SalaryLinesTable({ lines }: { lines: SalaryLine[] }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const columns: TableColumnsType<SalaryLine> = [
    { title: t('salaries.lines.group'), key: 'group', render: (_, l) => l.group.title },
    { title: t('salaries.lines.student'), key: 'student', render: (_, l) => l.student?.name ?? '—' },
    {
      title: t('salaries.lines.lessons'),
      key: 'lessons',
      render: (_, l) => (
        <Flex vertical>
          <span>{t('salaries.lines.lessonsOf', { count: l.lessons.length, held: l.held_lessons })}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {l.lessons.map((d) => dayjs(d).format('DD.MM')).join(', ')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('salaries.lines.rule'), key: 'rule', render: (_, l) => ruleText(t, l, currency) },
    {
      title: t('salaries.lines.amount'),
      key: 'amount',
      align: 'right',
      render: (_, l) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(l.amount, currency)}</span>,
    },
  ];
  return (
    <Table
      rowKey={(l) => `${l.group.id}:${l.student?.id ?? ''}:${l.payment?.entry_id ?? ''}`}
      size="small"
      columns={columns}
      dataSource={lines}
      pagination={lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('salaries.lines.empty') }}
    />
  );
}

/** The figures of a salary above its lines, and the groups no rule covers. */
export function SalarySummary({ salary }: { salary: SalaryDetail }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (
    <Flex vertical gap={12}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('salaries.columns.amount')}>
          <Typography.Text strong>{formatMoney(salary.amount, currency)}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('salaries.columns.status')}>
          <StatusTag status={salary.status} />
          {salary.published_at && dateText(salary.published_at.slice(0, 10))}
        </Descriptions.Item>
        <Descriptions.Item label={t('salaries.columns.lessons')}>{salary.lesson_count}</Descriptions.Item>
        <Descriptions.Item label={t('salaries.columns.students')}>{salary.student_count}</Descriptions.Item>
      </Descriptions>
      {salary.unsettled_groups.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('salaries.unsettled', { groups: salary.unsettled_groups.map((g) => g.title).join(', ') })}
        />
      )}
    </Flex>
  );
}

/** A salary opened from a list: its figures and every line, in a drawer (full width on a phone). */
export function SalaryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const salary = useSalary(id);
  const data = salary.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size="min(900px, 100vw)"
      title={data ? t('salaries.lines.title', { name: data.teacher.name, month: monthText(data.month) }) : ' '}
      destroyOnHidden
    >
      {salary.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {salary.isError && <Alert type="error" showIcon title={errorMessage(t, salary.error)} />}
      {data && (
        <Flex vertical gap={16}>
          <SalarySummary salary={data} />
          <SalaryLinesTable lines={data.lines} />
        </Flex>
      )}
    </Drawer>
  );
}
