import type { Dashboard } from '@crm/contracts';
import { Card, Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { leadSourceName } from '../leads/lead-options-api';

const percentText = (value: number | null) => (value === null ? '—' : `${value}%`);

/** This month's leads per source: their share of all leads and how many of them paid. */
export function SourcesCard({ sources }: { sources: NonNullable<Dashboard['lead_sources']> }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('dashboard.sources.title')} style={{ height: '100%' }}>
      {!sources.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.sources.empty')} />
      ) : (
        <Table
          size="small"
          rowKey="source"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={sources}
          columns={[
            {
              title: t('dashboard.sources.source'),
              key: 'source',
              render: (_, row) => (row.source ? leadSourceName(t, row.source) : t('dashboard.sources.none')),
            },
            { title: t('dashboard.sources.leads'), dataIndex: 'leads', key: 'leads', align: 'right' },
            {
              title: t('dashboard.sources.share'),
              key: 'share',
              align: 'right',
              render: (_, r) => percentText(r.share),
            },
            { title: t('dashboard.sources.paid'), dataIndex: 'paid', key: 'paid', align: 'right' },
            {
              title: t('dashboard.sources.conversion'),
              key: 'conversion',
              align: 'right',
              render: (_, row) => percentText(row.conversion),
            },
          ]}
        />
      )}
    </Card>
  );
}
