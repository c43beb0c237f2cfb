import { ArrowLeftOutlined } from '@ant-design/icons';
import { canAccess } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { roleIdsOf } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';

interface QueryGateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  /** Where a 404 sends the reader back to. */
  back: { to: string; label: string };
  children: (data: T) => ReactNode;
}

/**
 * A page's answer, or what stands in for it: a skeleton while it loads, "not found" for a 404, the refusal
 * in words (nothing where the app has already said it: spec §8's 401 and plain 403).
 */
export function QueryGate<T>({ query, back, children }: QueryGateProps<T>) {
  const { t } = useTranslation();
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <Result
          status="404"
          title={t('courseLessons.notFound')}
          extra={
            <Link to={back.to}>
              <Button type="primary">{back.label}</Button>
            </Link>
          }
        />
      );
    }
    return isHandledGlobally(query.error) ? null : <Alert type="error" showIcon title={errorMessage(t, query.error)} />;
  }
  if (query.data === undefined) return <Skeleton active paragraph={{ rows: 6 }} />;
  return (
    <Flex vertical gap={16}>
      {children(query.data)}
    </Flex>
  );
}

/** A page's way back, its title, and what stands beside the title (wrapped under it on a phone). */
export function PageHeader({
  back,
  title,
  extra,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Flex vertical gap={8}>
      <Link to={back.to} style={{ alignSelf: 'flex-start' }}>
        <ArrowLeftOutlined /> {back.label}
      </Link>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
    </Flex>
  );
}

/**
 * Whether the viewer reaches the courses area: the lesson editor's page (with GET /course-lesson/{id}) and the
 * course's folders (GET /folder) are in it. A teacher allowed to change his group's own lesson is not, so he is
 * not sent to a page that would refuse him, and a lesson he adds keeps to the files he may see (none).
 */
export function useCoursesArea(): boolean {
  const { user } = useSession();
  return canAccess('courses', user ? roleIdsOf(user) : []);
}
