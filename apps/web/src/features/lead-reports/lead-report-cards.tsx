import type { LeadConversion } from '@crm/contracts';
import { Card, Empty, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '../../shared/ui/chart';
import { leadSourceName } from '../leads/lead-options-api';
import {
  conversionOption,
  FUNNEL_STAGES,
  type FunnelStage,
  funnelOption,
  percentOf,
  sourcesOption,
} from './lead-charts';

interface CardProps {
  report: LeadConversion | undefined;
  loading: boolean;
}

const percentText = (value: number | null) => (value === null ? '—' : `${value}%`);

/**
 * Spec §4 funnel: leads, waiting or set, trial in a group, paid — with each stage's share of the leads and
 * the conversion from the stage before (the lead statistics and the dashboard show the same card).
 */
export function FunnelCard({ funnel, loading }: { funnel: LeadConversion['funnel'] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const stageName = (stage: FunnelStage) => t(`leadReports.funnel.stages.${stage}`);
  const option = useMemo(
    () => (funnel ? funnelOption(funnel, (stage) => t(`leadReports.funnel.stages.${stage}`)) : null),
    [funnel, t],
  );
  const rows = FUNNEL_STAGES.map((stage, index) => {
    const value = funnel?.[stage] ?? 0;
    const previous = index === 0 ? null : (funnel?.[FUNNEL_STAGES[index - 1] as FunnelStage] ?? 0);
    return {
      stage,
      value,
      ofLeads: percentOf(value, funnel?.leads ?? 0),
      ofPrevious: previous === null ? null : percentOf(value, previous),
    };
  });
  return (
    <Card size="small" title={t('leadReports.funnel.title')} loading={loading}>
      {!funnel?.leads ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leadReports.funnel.empty')} />
      ) : (
        <>
          {option && <Chart option={option} height={260} ariaLabel={t('leadReports.funnel.title')} />}
          <Table
            size="small"
            rowKey="stage"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={[
              { title: t('leadReports.funnel.columns.stage'), key: 'stage', render: (_, row) => stageName(row.stage) },
              { title: t('leadReports.funnel.columns.count'), dataIndex: 'value', key: 'value', align: 'right' },
              {
                title: t('leadReports.funnel.columns.ofLeads'),
                key: 'ofLeads',
                align: 'right',
                render: (_, row) => percentText(row.ofLeads),
              },
              {
                title: t('leadReports.funnel.columns.ofPrevious'),
                key: 'ofPrevious',
                align: 'right',
                render: (_, row) => (row.ofPrevious === null ? '' : percentText(row.ofPrevious)),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}

/** How many leads first reached "set" each day of the period. */
export function ConversionCard({ report, loading }: CardProps) {
  const { t } = useTranslation();
  const days = report?.lead_conversion;
  const title = t('leadReports.perDay.title');
  const option = useMemo(() => (days ? conversionOption(days, title) : null), [days, title]);
  const total = days?.reduce((sum, day) => sum + day.lead_count, 0) ?? 0;
  return (
    <Card
      size="small"
      title={title}
      loading={loading}
      extra={total ? <strong>{t('leadReports.perDay.total', { count: total })}</strong> : null}
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leadReports.perDay.empty')} />
      ) : (
        option && <Chart option={option} height={280} ariaLabel={title} />
      )}
    </Card>
  );
}

/** The period's leads per source: a ring and the figures with their shares. */
export function SourcesCard({ report, loading }: CardProps) {
  const { t } = useTranslation();
  const given = report?.lead_conversion_for_source;
  // The public form's source in the user's language, as on the board (a company's own as named).
  const rows = useMemo(() => given?.map((row) => ({ ...row, source: leadSourceName(t, row.source) })), [given, t]);
  const noSource = t('leadReports.sources.none');
  const option = useMemo(() => (rows ? sourcesOption(rows, noSource) : null), [rows, noSource]);
  const total = rows?.reduce((sum, row) => sum + row.leads_count, 0) ?? 0;
  return (
    <Card size="small" title={t('leadReports.sources.title')} loading={loading}>
      {!rows?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('leadReports.sources.empty')} />
      ) : (
        <>
          {option && <Chart option={option} height={280} ariaLabel={t('leadReports.sources.title')} />}
          <Table
            size="small"
            rowKey={(row) => row.source}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={rows}
            columns={[
              {
                title: t('leadReports.sources.columns.source'),
                key: 'source',
                render: (_, row) => row.source || noSource,
              },
              {
                title: t('leadReports.sources.columns.leads'),
                dataIndex: 'leads_count',
                key: 'leads',
                align: 'right',
              },
              {
                title: t('leadReports.sources.columns.share'),
                key: 'share',
                align: 'right',
                render: (_, row) => percentText(percentOf(row.leads_count, total)),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
