import type { WorklyAtWorkRow, WorklyLateRow, WorklyPolicies } from '@crm/contracts';
import { Card, Col, Empty, Flex, Grid, Row, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally } from '../../shared/api/error-message';
import { useWorklyAtWork, useWorklyLate } from './workly-api';
import { WorklyProblem } from './workly-problem';

/** A long list pages; a centre's day rarely has more. */
const PAGE = 50;

/** The day's two lists side by side (one above the other on a phone): who came and who was late. */
export function DayLists({
  day,
  today,
  branchId,
  policies,
}: {
  day: string;
  today: string;
  branchId: number;
  policies: WorklyPolicies;
}) {
  const { t } = useTranslation();
  const atWork = useWorklyAtWork(day === today ? 'today' : day, branchId, true);
  const late = useWorklyLate(day, branchId, true);
  // Both ask the same Workly: one notice for a problem both have.
  const failed = [atWork, late].find((query) => query.isError && !isHandledGlobally(query.error));
  const retry = () => Promise.all([atWork.refetch(), late.refetch()]);

  // On a phone the times go under the name, so that the status and the minutes stay in sight.
  const narrow = !Grid.useBreakpoint().sm;
  const span = (row: WorklyAtWorkRow) => `${row.first_in} – ${row.last_out ?? '…'}`;
  const atWorkColumns: TableColumnsType<WorklyAtWorkRow> = [
    {
      title: t('workly.staff'),
      key: 'name',
      render: (_, row) => (
        <PersonName name={row.name} bound={row.user_id !== null} detail={narrow ? span(row) : null} />
      ),
    },
    ...(narrow
      ? []
      : [
          { title: t('workly.atWork.checkIn'), dataIndex: 'first_in', key: 'in', width: 90 },
          {
            title: t('workly.atWork.checkOut'),
            key: 'out',
            width: 110,
            render: (_: unknown, row: WorklyAtWorkRow) =>
              row.last_out ?? <Typography.Text type="secondary">—</Typography.Text>,
          },
        ]),
    ...(atWork.data?.is_today
      ? [
          {
            title: t('workly.atWork.status'),
            key: 'status',
            render: (_: unknown, row: WorklyAtWorkRow) =>
              row.at_work ? <Tag color="green">{t('workly.atWork.inNow')}</Tag> : <Tag>{t('workly.atWork.left')}</Tag>,
          },
        ]
      : []),
  ];
  const lateColumns: TableColumnsType<WorklyLateRow> = [
    {
      title: t('workly.staff'),
      key: 'name',
      render: (_, row) => (
        <PersonName
          name={row.name}
          bound={row.user_id !== null}
          detail={narrow ? `${row.expected_start} → ${row.arrived}` : null}
        />
      ),
    },
    ...(narrow
      ? []
      : [
          { title: t('workly.late.expected'), dataIndex: 'expected_start', key: 'expected', width: 90 },
          { title: t('workly.late.arrived'), dataIndex: 'arrived', key: 'arrived', width: 90 },
        ]),
    {
      title: t('workly.late.minutes'),
      key: 'minutes',
      align: 'right',
      render: (_, row) => (
        <Tag color={row.minutes_late >= 15 ? 'red' : 'orange'}>
          {t('workly.late.minutesValue', { count: row.minutes_late })}
        </Tag>
      ),
    },
  ];

  const a = atWork.data;
  const l = late.data;
  return (
    <Flex vertical gap={16}>
      {failed && <WorklyProblem error={failed.error} onRetry={() => void retry()} canConnect={policies.connect} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ListCard
            title={a?.is_today === false ? t('workly.atWork.titlePast') : t('workly.atWork.title')}
            summary={
              a &&
              (a.is_today
                ? t('workly.atWork.summaryToday', { came: a.totals.came, now: a.totals.at_work })
                : t('workly.atWork.summary', { came: a.totals.came }))
            }
            unbound={a?.totals.unbound ?? 0}
          >
            <Table
              rowKey="workly_employee_id"
              size="small"
              columns={atWorkColumns}
              dataSource={a?.rows}
              loading={atWork.isFetching}
              scroll={{ x: 'max-content' }}
              pagination={(a?.rows.length ?? 0) > PAGE ? { pageSize: PAGE, showSizeChanger: false } : false}
              locale={{ emptyText: atWork.isPending ? ' ' : <Empty description={t('workly.atWork.empty')} /> }}
            />
          </ListCard>
        </Col>
        <Col xs={24} xl={12}>
          <ListCard
            title={t('workly.late.title')}
            summary={l && t('workly.late.summary', { count: l.totals.late, minutes: l.totals.minutes })}
            unbound={l?.totals.unbound ?? 0}
          >
            <Table
              rowKey={(row) => `${row.date}-${row.workly_employee_id}`}
              size="small"
              columns={lateColumns}
              dataSource={l?.rows}
              loading={late.isFetching}
              scroll={{ x: 'max-content' }}
              pagination={(l?.rows.length ?? 0) > PAGE ? { pageSize: PAGE, showSizeChanger: false } : false}
              locale={{ emptyText: late.isPending ? ' ' : <Empty description={t('workly.late.empty')} /> }}
            />
          </ListCard>
        </Col>
      </Row>
    </Flex>
  );
}

function ListCard({
  title,
  summary,
  unbound,
  children,
}: {
  title: string;
  summary: string | undefined | null;
  unbound: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().sm;
  const figures = summary && (
    <Typography.Text type="secondary" style={wide ? undefined : { fontSize: 12, fontWeight: 'normal' }}>
      {summary}
    </Typography.Text>
  );
  // Beside the title where there is room; under it on a phone.
  return (
    <Card
      size={wide ? 'default' : 'small'}
      title={
        wide ? (
          title
        ) : (
          <Flex vertical style={{ paddingBlock: 6 }}>
            <span>{title}</span>
            {figures}
          </Flex>
        )
      }
      extra={wide ? figures : undefined}
    >
      {children}
      {unbound > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0', fontSize: 13 }}>
          {t('workly.unboundHint', { count: unbound })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Our staff member's name (a Workly employee bound to nobody by Workly's name, marked so), and a detail under it. */
function PersonName({ name, bound, detail }: { name: string; bound: boolean; detail: string | null }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <Flex gap={6} align="center" wrap>
        <span>{name}</span>
        {!bound && <Tag>{t('workly.notBound')}</Tag>}
      </Flex>
      {detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {detail}
        </Typography.Text>
      )}
    </Flex>
  );
}
