import type { HistoryItem } from '@crm/contracts';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const timeText = (iso: string) => {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** The latest history events of the branch (spec §2 dashboard "logs"), for those who may read the history. */
export function LogsCard({ logs, canOpenHistory }: { logs: HistoryItem[]; canOpenHistory: boolean }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('dashboard.logs.title')}
      extra={canOpenHistory && <Link to="/history">{t('dashboard.logs.all')}</Link>}
    >
      {!logs.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.logs.empty')} />
      ) : (
        <List
          size="small"
          dataSource={logs}
          renderItem={(item) => (
            <List.Item key={item.id}>
              <Typography.Text type="secondary" style={{ marginRight: 12, whiteSpace: 'nowrap' }}>
                {timeText(item.created_at)}
              </Typography.Text>
              <Typography.Text>
                {item.actor?.name ?? t('dashboard.logs.system')} — {item.name}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
