import { Alert, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/api-error';
import { errorMessage } from '../api/error-message';

interface QueryLike {
  isError: boolean;
  error: unknown;
  fetchStatus: 'fetching' | 'paused' | 'idle';
}

/** No answer at all: the phone has no connection (the page says so already; a card need not alarm). */
const noConnection = (query: QueryLike) =>
  query.fetchStatus === 'paused' || (query.error instanceof ApiError && query.error.status === 0);

/**
 * What a card shows while its data is not there: that it waits for the connection, if the phone is offline (a
 * paused query, or a read that got no answer — a skeleton would spin forever); the error, if the server refused;
 * else a skeleton.
 */
export function QueryPlaceholder({ query, rows = 2 }: { query: QueryLike; rows?: number }) {
  const { t } = useTranslation();
  if (noConnection(query))
    return <Typography.Text type="secondary">{t('common.waitingForConnection')}</Typography.Text>;
  if (query.isError) return <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  return <Skeleton active paragraph={{ rows }} title={false} />;
}
