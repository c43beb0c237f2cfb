import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';

/**
 * A read that failed: Workly down (try again), credentials refused (fix them in the settings, for who may),
 * or anything else in the error's own words.
 */
export function WorklyProblem({
  error,
  onRetry,
  canConnect,
}: {
  error: unknown;
  onRetry: () => void;
  canConnect: boolean;
}) {
  const { t } = useTranslation();
  const rejected = error instanceof ApiError && error.code === 'workly_credentials_rejected';
  return (
    <Alert
      type={rejected ? 'warning' : 'error'}
      showIcon
      title={errorMessage(t, error)}
      action={
        rejected && canConnect ? (
          <Link to="/settings">{t('workly.notConnected.openSettings')}</Link>
        ) : (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
