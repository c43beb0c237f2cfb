import type { HistoryItem } from '@crm/contracts';
import { Card, Empty, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HistoryLine } from '../history/history-line';

/**
 * The latest history events of the branch (spec §2 dashboard "logs"), worded as on the History page, for
 * those who may read the history.
 */
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
              <HistoryLine item={item} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
