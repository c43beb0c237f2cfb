import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { useNewsPaths } from './blog-paths';

/**
 * A post's page, or what stands in for it: a skeleton while it loads, "not found" for a 404 (a post deleted, or
 * not written for this reader), the refusal in words (nothing where the app has already said it).
 */
export function NewsGate<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const paths = useNewsPaths();
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Result
          status="404"
          title={t('blog.notFound')}
          extra={
            <ButtonLink to={paths.list} type="primary">
              {t('blog.back')}
            </ButtonLink>
          }
        />
      );
    }
    return isHandledGlobally(query.error) ? null : <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  }
  if (query.data === undefined) {
    return (
      <div role="status" aria-label={t('blog.loading')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  return children(query.data);
}
