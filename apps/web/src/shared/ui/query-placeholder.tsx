import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';

interface QueryLike {
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/**
 * What a card shows while its data is not there: the error, if the read failed; that it waits for the connection,
 * if the phone is offline (the query is paused until it is back — a skeleton would spin forever); else a skeleton.
 */
export function QueryPlaceholder({ query, rows = 2 }: { query: QueryLike; rows?: number }) {
  const { t } = useTranslation();
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  if (query.fetchStatus === 'paused')
    return <Typography.Text type="secondary">{t('common.waitingForConnection')}</Typography.Text>;
  return <Skeleton active paragraph={{ rows }} title={false} />;
}
