import { AUDIT_MAX_DAYS, type AuditQuery, type AuditRow } from '@crm/contracts';
import { Alert, Button, Empty, Flex, Grid, Select, Skeleton, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { monthPeriod, type Period, PeriodPicker } from '../../shared/ui/period-picker';
import { useCurrency } from '../courses/money';
import { ReportHeader } from '../reports/report-filters';
import { downloadAudit, useAuditTable } from './audit-api';
import { figureColumns, figureText, tableColumns } from './audit-columns';

/** Spec §2 report (the audit table): per day and staff member, what was done in the header's branch. */
export function AuditPage() {
  const { branch } = useSession();
  return branch === null ? null : <BranchAudit key={branch} branchId={branch} />;
}

/** The first row of each day carries the day for all of its rows (the rows come sorted by day). */
const daySpans = (rows: readonly AuditRow[]) =>
  rows.map((row, i) => {
    if (i > 0 && rows[i - 1]?.day === row.day) return 0;
    let span = 1;
    while (rows[i + span]?.day === row.day) span++;
    return span;
  });

function BranchAudit({ branchId }: { branchId: number }) {
  const { t, i18n } = useTranslation();
  const currency = useCurrency();
  const [period, setPeriod] = useState<Period>(monthPeriod());
  const [staffId, setStaffId] = useState<number | undefined>();
  const query = useMemo<AuditQuery>(
    () => ({ branch_id: branchId, ...period, ...(staffId ? { staff_id: staffId } : {}) }),
    [branchId, period, staffId],
  );
  const audit = useAuditTable(query);
  const report = audit.data;
  const figures = useMemo(() => (report ? figureColumns(report, t, currency) : []), [report, t, currency]);
  const spans = useMemo(() => daySpans(report?.rows ?? []), [report]);
  // Day and staff stay in view while the figures scroll, where the screen leaves room for the figures.
  const pinned = Grid.useBreakpoint().md ? ('left' as const) : undefined;

  const columns: TableColumnsType<AuditRow> = [
    {
      title: t('audit.columns.day'),
      key: 'day',
      fixed: pinned,
      onCell: (_, index) => ({ rowSpan: spans[index ?? 0] ?? 1 }),
      render: (_, row) => (
        <Flex vertical>
          <span style={{ whiteSpace: 'nowrap' }}>{dayjs(row.day).format('DD.MM.YYYY')}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {dayjs(row.day).format('dddd')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('audit.columns.staff'), key: 'staff', fixed: pinned, render: (_, row) => row.staff.name },
    ...tableColumns(figures, currency),
  ];

  return (
    <Flex vertical gap={16}>
      <ReportHeader title={t('audit.title')} onDownload={() => downloadAudit(query, i18n.language)} />
      <Flex wrap gap={8} align="center">
        <PeriodPicker
          value={period}
          onChange={(next) => setPeriod({ from: next.from, till: next.till })}
          maxDays={AUDIT_MAX_DAYS}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('audit.filters.staff')}
          placeholder={t('audit.filters.staff')}
          value={staffId}
          onChange={(value: number | undefined) => setStaffId(value)}
          options={(report?.staff ?? []).map((person) => ({ value: person.id, label: person.name }))}
          style={{ width: 220, maxWidth: '100%' }}
        />
      </Flex>
      {report && !report.policies.money && (
        <Typography.Text type="secondary">{t('audit.noMoneyNotice')}</Typography.Text>
      )}
      {audit.isError && !isHandledGlobally(audit.error) && (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, audit.error)}
          action={<Button onClick={() => void audit.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      {!report && !audit.isError && <Skeleton active paragraph={{ rows: 6 }} />}
      {report && (
        // Its own stacking context: the pinned columns stay under the app's header when the page scrolls.
        <div style={{ isolation: 'isolate' }}>
          <Table
            rowKey={(row) => `${row.day}-${row.staff.id}`}
            columns={columns}
            dataSource={report.rows}
            loading={audit.isFetching}
            size="small"
            bordered
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('audit.empty')} /> }}
            summary={() =>
              report.rows.length ? (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0} colSpan={2}>
                      <Typography.Text strong>{t('audit.total')}</Typography.Text>
                    </Table.Summary.Cell>
                    {figures.map((column, index) => (
                      <Table.Summary.Cell key={column.key} index={index + 2} align="right">
                        <Typography.Text strong>{figureText(column, report.total, currency, true)}</Typography.Text>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              ) : null
            }
          />
        </div>
      )}
    </Flex>
  );
}
