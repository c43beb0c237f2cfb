import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type NpsRow, npsScoreText } from './nps-summary-view';

/** An audit form's NPS per teacher or per group (of its first NPS question), best first as the server sorts. */
export function AuditNpsTable({ title, rows, nameTitle }: { title: string; rows: NpsRow[]; nameTitle: string }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title}>
      <Table<NpsRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('forms.report.noAnswers') }}
        columns={[
          { key: 'name', title: nameTitle, dataIndex: 'name' },
          { key: 'count', title: t('forms.list.answers'), align: 'right', render: (_, row) => row.nps.count },
          {
            key: 'score',
            title: t('forms.report.npsScore'),
            align: 'right',
            render: (_, row) => <strong>{npsScoreText(row.nps.score)}</strong>,
          },
          ...(['promoters', 'passives', 'detractors'] as const).map((group) => ({
            key: group,
            title: t(`forms.report.${group}`),
            align: 'right' as const,
            render: (_: unknown, row: NpsRow) => row.nps[group],
          })),
        ]}
      />
    </Card>
  );
}
