import type { Rating } from '@crm/contracts';
import { Alert, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { useRating } from './rating-api';
import { RatingControls } from './rating-controls';
import { RatingResults } from './rating-results';
import { ratingQueryOf, useRatingState } from './rating-state';

/**
 * Spec §2 /rating (only with the scoring module on): students ranked by grades and attendance within a group,
 * a course, a branch or the centre, for a month or all time. The choices live in the address.
 */
export function RatingPage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const { state, setScope, setId, setMonth, setPage } = useRatingState(branch);
  const query = ratingQueryOf(state);
  const rating = useRating(query ?? { scope: 'centre' }, query !== null);
  const answer = query ? rating.data : undefined;
  const pagination = answer?.pagination;

  // A list that shrank (a shared link to page 5, grades taken back) steps back to its last page.
  useEffect(() => {
    if (pagination && pagination.total > 0 && state.page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, state.page, setPage]);

  const body = () => {
    if (query === null)
      return <Empty description={t(`rating.chooseFirst.${state.scope as 'group' | 'course' | 'branch'}`)} />;
    if (rating.isError) {
      return isHandledGlobally(rating.error) ? null : (
        <Alert
          type="error"
          showIcon
          title={errorMessage(t, rating.error)}
          action={<Button onClick={() => void rating.refetch()}>{t('common.retry')}</Button>}
        />
      );
    }
    if (!answer) return <Skeleton active paragraph={{ rows: 6 }} />;
    return (
      <>
        <Formula answer={answer} />
        <RatingResults answer={answer} fetching={rating.isFetching} page={state.page} onPage={setPage} />
      </>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('nav.rating')}
      </Typography.Title>
      <RatingControls state={state} onScope={setScope} onId={setId} onMonth={setMonth} />
      {body()}
    </Flex>
  );
}

/** How the score is made, with the company's own weights and max score. */
function Formula({ answer }: { answer: Rating }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary">
      {t('rating.formula', {
        grades: 100 - answer.attendance_weight,
        attendance: answer.attendance_weight,
        max: answer.max_score,
      })}
    </Typography.Text>
  );
}
