import { type AuditFigures, type AuditReport, type AuditRow, formatAmount } from '@crm/contracts';
import { type TableColumnsType, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { groupThousands } from '../courses/money';

/** One figure column of the table: the rows and the total row draw it the same way. */
export interface FigureColumn {
  key: string;
  title: string;
  /** The heading it sits under (payments, refunds…); none: a column of its own. */
  group?: string;
  value: (figures: AuditFigures) => number;
  /** How many entries make the sum, shown beside it (refunds, write-offs: rarely more than a few a day). */
  count?: (figures: AuditFigures) => number;
  money?: boolean;
}

/**
 * The figure columns in order: money (only when the server says this caller sees it — `policies.money`),
 * then students, attendance and leads. The order is the total row's too.
 */
export function figureColumns(report: AuditReport, t: TFunction, currency: string): FigureColumn[] {
  const payments = t('audit.groups.payments', { currency });
  const students = t('audit.groups.students');
  const money: FigureColumn[] = report.policies.money
    ? [
        { key: 'payments', group: payments, title: t('audit.columns.count'), value: (f) => f.money?.payments ?? 0 },
        ...report.methods.map(
          (method): FigureColumn => ({
            key: `method-${method}`,
            group: payments,
            title: t(`finance.methods.${method}`),
            value: (f) => f.money?.by_method[method] ?? 0,
            money: true,
          }),
        ),
        { key: 'paid', group: payments, title: t('audit.columns.sum'), value: (f) => f.money?.paid ?? 0, money: true },
        {
          key: 'refunded',
          title: t('audit.columns.refunds', { currency }),
          value: (f) => f.money?.refunded ?? 0,
          count: (f) => f.money?.refunds ?? 0,
          money: true,
        },
        {
          key: 'written_off',
          title: t('audit.columns.writeOffs', { currency }),
          value: (f) => f.money?.written_off ?? 0,
          count: (f) => f.money?.write_offs ?? 0,
          money: true,
        },
        { key: 'cash', title: t('audit.columns.cash', { currency }), value: (f) => f.money?.cash ?? 0, money: true },
      ]
    : [];
  return [
    ...money,
    { key: 'students_added', group: students, title: t('audit.columns.added'), value: (f) => f.students_added },
    {
      key: 'students_activated',
      group: students,
      title: t('audit.columns.activated'),
      value: (f) => f.students_activated,
    },
    {
      key: 'students_archived',
      group: students,
      title: t('audit.columns.archived'),
      value: (f) => f.students_archived,
    },
    { key: 'attendance_marked', title: t('audit.columns.attendance'), value: (f) => f.attendance_marked },
    { key: 'leads_handled', title: t('audit.columns.leads'), value: (f) => f.leads_handled },
  ];
}

/** A figure as the table shows it: grouped thousands; a row's zero is a quiet dash, a total's zero a 0. */
export function figureText(column: FigureColumn, figures: AuditFigures, currency: string, total = false): ReactNode {
  const value = column.value(figures);
  if (value === 0 && !total) return <Typography.Text type="secondary">–</Typography.Text>;
  const text = column.money ? formatAmount(value, currency) : groupThousands(value);
  const count = column.count?.(figures);
  return count ? `${text} (${count})` : text;
}

/** The figure columns as antd columns, grouped under their headings in the order given. */
export function tableColumns(figures: FigureColumn[], currency: string): TableColumnsType<AuditRow> {
  // Headings wrap (the table is wide); figures never do.
  const leaf = (column: FigureColumn) => ({
    title: column.title,
    key: column.key,
    align: 'right' as const,
    width: column.money ? 100 : 72,
    onHeaderCell: () => ({ style: { whiteSpace: 'normal' as const } }),
    onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
    render: (_: unknown, row: AuditRow) => figureText(column, row, currency),
  });
  const columns: TableColumnsType<AuditRow> = [];
  for (const column of figures) {
    const last = columns.at(-1) as { title?: unknown; children?: unknown[] } | undefined;
    if (column.group && last?.title === column.group && last.children) last.children.push(leaf(column));
    else if (column.group) columns.push({ title: column.group, key: `group-${column.key}`, children: [leaf(column)] });
    else columns.push(leaf(column));
  }
  return columns;
}
