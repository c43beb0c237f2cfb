import { QuestionCircleOutlined } from '@ant-design/icons';
import type { PerformanceFigures, PerformancePolicies } from '@crm/contracts';
import { Button, Flex, Popover, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useCurrency } from '../courses/money';

/** A row of a performance table: the figures of one teacher or course. */
export type PerformanceRow = PerformanceFigures & { ref: { id: number; name: string } };

type FigureKey =
  | 'groups'
  | 'active_at_start'
  | 'new_students'
  | 'left'
  | 'active_at_end'
  | 'retention'
  | 'attendance'
  | 'conversion'
  | 'income';

/** Headings wrap to two lines within these widths, so the whole table fits a laptop's screen. */
const COUNT_WIDTH = 92;
const RATE_WIDTH = 108;

/** Whole percent with at most one decimal, in the interface's way of writing numbers; nothing to show: a dash. */
export function usePercent() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (value: number | null) => (value === null ? '—' : `${format.format(value)}%`);
}

/** Percents sort with the rows that have none last, whichever way. */
const byPercent = (pick: (row: PerformanceRow) => number | null) => (a: PerformanceRow, b: PerformanceRow) =>
  (pick(a) ?? -1) - (pick(b) ?? -1);

/** The heading of a column with its definition (docs/reports.md) a hover or a tap away. */
function Heading({ figure }: { figure: FigureKey }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`performance.hints.${figure}`)}>
      <span>
        {t(`performance.columns.${figure}`)}{' '}
        <QuestionCircleOutlined aria-hidden style={{ fontSize: 12, opacity: 0.55 }} />
      </span>
    </Tooltip>
  );
}

/** A percent over the counts it comes from ("80% · 8 of 10"). */
function Rate({ percent, part, whole }: { percent: number | null; part: number; whole: number }) {
  const { t } = useTranslation();
  const shown = usePercent();
  return (
    <Flex vertical align="flex-end">
      <span>{shown(percent)}</span>
      {whole > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {t('performance.ratio', { part, whole })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** Who left and why: the reasons with their counts, how many of them had been paying, and the transfers. */
export function LeftReasons({ figures }: { figures: PerformanceFigures }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4} style={{ maxWidth: 280 }}>
      {figures.left_reasons.length === 0 && (
        <Typography.Text type="secondary">{t('performance.left.none')}</Typography.Text>
      )}
      {figures.left_reasons.map((item) => (
        <Flex key={item.reason?.id ?? 'none'} justify="space-between" gap={16}>
          <span>{item.reason?.name ?? t('performance.left.noReason')}</span>
          <strong>{item.count}</strong>
        </Flex>
      ))}
      {figures.left > 0 && (
        <Typography.Text type="secondary">
          {t('performance.left.ofActive', { count: figures.left_of_active })}
        </Typography.Text>
      )}
      {figures.moved_out > 0 && (
        <Typography.Text type="secondary">{t('performance.left.moved', { count: figures.moved_out })}</Typography.Text>
      )}
    </Flex>
  );
}

/** The left count, opening its reasons (a click, so it works on a phone too). */
function LeftCell({ figures, name }: { figures: PerformanceFigures; name: string }) {
  const { t } = useTranslation();
  if (figures.left === 0 && figures.moved_out === 0) return <span>0</span>;
  return (
    <Popover trigger="click" title={t('performance.left.title', { name })} content={<LeftReasons figures={figures} />}>
      <Button type="link" size="small" style={{ padding: 0 }} aria-label={t('performance.left.open', { name })}>
        {figures.left}
        {figures.moved_out > 0 && <Typography.Text type="secondary">{` +${figures.moved_out}↗`}</Typography.Text>}
      </Button>
    </Popover>
  );
}

interface PerformanceTableProps {
  rows: PerformanceRow[] | undefined;
  total: PerformanceFigures | undefined;
  policies: PerformancePolicies | undefined;
  /** The first column's heading, and how a row's name is shown (a link to the teacher's profile…). */
  nameTitle: string;
  renderName: (row: PerformanceRow) => ReactNode;
  loading: boolean;
  empty: ReactNode;
}

/**
 * A teacher's or a course's figures of the period, one row each, sortable by any column, each
 * heading explaining its figure; the total row beneath. Income only when the server says the
 * caller sees money (policies.income).
 */
export function PerformanceTable({
  rows,
  total,
  policies,
  nameTitle,
  renderName,
  loading,
  empty,
}: PerformanceTableProps) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const percent = usePercent();
  const count = (figure: 'groups' | 'active_at_start' | 'new_students' | 'active_at_end') => ({
    title: <Heading figure={figure} />,
    key: figure,
    width: COUNT_WIDTH,
    align: 'right' as const,
    sorter: (a: PerformanceRow, b: PerformanceRow) => a[figure] - b[figure],
    render: (_: unknown, row: PerformanceRow) => row[figure],
  });
  const columns: TableColumnsType<PerformanceRow> = [
    {
      title: nameTitle,
      key: 'name',
      fixed: 'left',
      sorter: (a, b) => a.ref.name.localeCompare(b.ref.name),
      render: (_, row) => renderName(row),
    },
    count('groups'),
    count('active_at_start'),
    count('new_students'),
    {
      title: <Heading figure="left" />,
      key: 'left',
      width: COUNT_WIDTH,
      align: 'right',
      sorter: (a, b) => a.left - b.left,
      render: (_, row) => <LeftCell figures={row} name={row.ref.name} />,
    },
    count('active_at_end'),
    {
      title: <Heading figure="retention" />,
      key: 'retention',
      width: RATE_WIDTH,
      align: 'right',
      sorter: byPercent((row) => row.retention),
      render: (_, row) => (
        <Rate percent={row.retention} part={row.active_at_start - row.left_of_active} whole={row.active_at_start} />
      ),
    },
    {
      title: <Heading figure="attendance" />,
      key: 'attendance',
      width: RATE_WIDTH,
      align: 'right',
      sorter: byPercent((row) => row.attendance.percent),
      render: (_, row) => (
        <Rate
          percent={row.attendance.percent}
          part={row.attendance.present}
          whole={row.attendance.present + row.attendance.absent}
        />
      ),
    },
    {
      title: <Heading figure="conversion" />,
      key: 'conversion',
      width: RATE_WIDTH,
      align: 'right',
      sorter: byPercent((row) => row.conversion.percent),
      render: (_, row) => (
        <Rate percent={row.conversion.percent} part={row.conversion.converted} whole={row.conversion.trials} />
      ),
    },
    ...(policies?.income
      ? [
          {
            title: <Heading figure="income" />,
            key: 'income',
            align: 'right' as const,
            sorter: (a: PerformanceRow, b: PerformanceRow) => (a.income ?? 0) - (b.income ?? 0),
            render: (_: unknown, row: PerformanceRow) =>
              row.income === null ? '—' : formatMoney(row.income, currency),
          },
        ]
      : []),
  ];

  // The total row's cells after the name, keyed like the columns above them.
  const totalCells: [string, ReactNode][] = total
    ? [
        ['groups', total.groups],
        ['active_at_start', total.active_at_start],
        ['new_students', total.new_students],
        ['left', <LeftCell key="left" figures={total} name={t('performance.columns.total')} />],
        ['active_at_end', total.active_at_end],
        ['retention', percent(total.retention)],
        ['attendance', percent(total.attendance.percent)],
        ['conversion', percent(total.conversion.percent)],
        ...(policies?.income && total.income !== null
          ? [['income', formatMoney(total.income, currency)] as [string, ReactNode]]
          : []),
      ]
    : [];

  return (
    <Table<PerformanceRow>
      rowKey={(row) => row.ref.id}
      size="small"
      columns={columns}
      dataSource={rows}
      loading={loading}
      showSorterTooltip={false}
      scroll={{ x: 'max-content' }}
      pagination={false}
      locale={{ emptyText: empty }}
      summary={() =>
        total && rows?.length ? (
          <Table.Summary fixed>
            <Table.Summary.Row data-testid="totals-row">
              <Table.Summary.Cell index={0}>
                <strong>{t('performance.columns.total')}</strong>
              </Table.Summary.Cell>
              {totalCells.map(([key, cell], index) => (
                <Table.Summary.Cell key={key} index={index + 1} align="right">
                  <strong>{cell}</strong>
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
    />
  );
}
