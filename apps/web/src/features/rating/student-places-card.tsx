import type { StudentPlaces } from '@crm/contracts';
import { Card, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScoringModule } from '../../shared/session/scoring-module';
import { monthLabel } from '../grades/month-label';
import { useStudentPlaces } from './rating-api';
import { PlaceBadge, useNumberText } from './rating-results';

type Place = StudentPlaces['places'][number];

/**
 * A student's places (his profile, his own page): in each of his groups, and in the centre or branch when the
 * grade settings show one. Nothing at all without the scoring module, on any refusal, or before his first
 * grade or mark: the rating is an extra, never an error on the page.
 */
export function StudentPlacesCard({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const number = useNumberText();
  const scoring = useScoringModule();
  const places = useStudentPlaces(studentId, scoring);
  const data = places.data;
  if (!scoring || !data || data.places.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('rating.mine.title')}
      extra={
        <Typography.Text type="secondary">
          {data.month ? monthLabel(data.month) : t('rating.mine.allTime')}
        </Typography.Text>
      }
    >
      <List<Place>
        size="small"
        split={false}
        dataSource={data.places}
        rowKey={(place) => `${place.scope}:${place.id ?? ''}`}
        renderItem={(place) => (
          <List.Item style={{ paddingInline: 0 }}>
            <Flex gap={8} align="center" justify="space-between" wrap style={{ width: '100%' }}>
              <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                <PlaceBadge place={place.place} />
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>{placeText(t, place)}</Typography.Text>
              </Flex>
              <Typography.Text type="secondary">
                {t('rating.mine.score', { score: number(place.score) })}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

const placeText = (t: ReturnType<typeof useTranslation>['t'], place: Place) =>
  t(`rating.mine.${place.scope}`, {
    place: place.place,
    of: place.of,
    title: place.title,
  });
