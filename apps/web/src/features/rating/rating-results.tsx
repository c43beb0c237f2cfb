import type { Rating, RatingRow } from '@crm/contracts';
import { Card, Empty, Flex, Grid, List, Pagination, Progress, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tablePagination } from '../groups/table-pagination';

/** Gold, silver and bronze for the first three places. */
const MEDALS = ['#d4a017', '#a8a9ad', '#b0703c'];

const profilePath = (studentId: number) => `/students/profile/${studentId}`;

/** Scores and averages carry one decimal, written the interface language's way (4,5 in Russian). */
export function useNumberText() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

/** A place, drawn as a medal for the first three (equal scores share one, so two may hold gold). */
export function PlaceBadge({ place }: { place: number }) {
  const { t } = useTranslation();
  const medal = MEDALS[place - 1];
  const label = t('rating.place', { place });
  if (!medal) {
    return (
      <Typography.Text aria-label={label} style={{ display: 'inline-block', minWidth: 28, textAlign: 'center' }}>
        {place}
      </Typography.Text>
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: 28,
        height: 28,
        borderRadius: '50%',
        background: medal,
        color: '#fff',
        fontWeight: 600,
      }}
    >
      {place}
    </span>
  );
}

function ScoreBar({ score }: { score: number }) {
  const { t } = useTranslation();
  const number = useNumberText();
  return (
    <Progress
      percent={score}
      size="small"
      status="normal"
      format={() => number(score)}
      aria-label={t('rating.columns.score')}
      style={{ minWidth: 140, margin: 0 }}
    />
  );
}

/** The figures beside the score: average grade of the max score, number of grades, attendance. */
function useFacts(maxScore: number) {
  const { t } = useTranslation();
  const number = useNumberText();
  return {
    average: (row: RatingRow) =>
      row.average_grade === null ? '—' : t('grades.outOf', { score: number(row.average_grade), max: maxScore }),
    attendance: (row: RatingRow) =>
      row.attendance_percent === null ? '—' : t('rating.percent', { value: number(row.attendance_percent) }),
  };
}

interface RatingResultsProps {
  answer: Rating | undefined;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
}

/** The ranked students: a table on wider screens, a card each on a phone; the server pages them. */
export function RatingResults(props: RatingResultsProps) {
  const { t } = useTranslation();
  const narrow = !Grid.useBreakpoint().md;
  if (props.answer && props.answer.data.length === 0) return <Empty description={t('rating.empty')} />;
  return narrow ? <RatingCards {...props} /> : <RatingTable {...props} />;
}

function RatingTable({ answer, fetching, page, onPage }: RatingResultsProps) {
  const { t } = useTranslation();
  const facts = useFacts(answer?.max_score ?? 0);
  const columns: TableColumnsType<RatingRow> = [
    {
      title: t('rating.columns.place'),
      dataIndex: 'place',
      width: 72,
      render: (place: number) => <PlaceBadge place={place} />,
    },
    {
      title: t('rating.columns.student'),
      dataIndex: 'student_name',
      render: (name: string, row) => <Link to={profilePath(row.student_id)}>{name}</Link>,
    },
    {
      title: t('rating.columns.score'),
      dataIndex: 'score',
      width: 220,
      render: (score: number) => <ScoreBar score={score} />,
    },
    { title: t('rating.columns.average'), key: 'average', align: 'right', render: (_, row) => facts.average(row) },
    { title: t('rating.columns.grades'), dataIndex: 'grades', align: 'right' },
    {
      title: t('rating.columns.attendance'),
      key: 'attendance',
      align: 'right',
      render: (_, row) => facts.attendance(row),
    },
  ];
  return (
    <Table<RatingRow>
      rowKey="student_id"
      size="middle"
      columns={columns}
      dataSource={answer?.data}
      loading={fetching}
      scroll={{ x: 'max-content' }}
      pagination={tablePagination(answer?.pagination, page, onPage)}
    />
  );
}

function RatingCards({ answer, fetching, page, onPage }: RatingResultsProps) {
  const { t } = useTranslation();
  const facts = useFacts(answer?.max_score ?? 0);
  const pager = tablePagination(answer?.pagination, page, onPage);
  const fact = (label: string, value: string | number) => (
    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
      {t('rating.fact', { label: t(`rating.columns.${label}`), value })}
    </Typography.Text>
  );
  return (
    <Flex vertical gap={12}>
      <List<RatingRow>
        loading={fetching}
        split={false}
        dataSource={answer?.data ?? []}
        rowKey="student_id"
        renderItem={(row) => (
          <List.Item style={{ padding: '0 0 8px' }}>
            <Card size="small" style={{ width: '100%' }}>
              <Flex gap={12} align="start">
                <PlaceBadge place={row.place} />
                <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Link to={profilePath(row.student_id)} style={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                    {row.student_name}
                  </Link>
                  <ScoreBar score={row.score} />
                  <Flex wrap gap="0 12px">
                    {fact('average', facts.average(row))}
                    {fact('grades', row.grades)}
                    {fact('attendance', facts.attendance(row))}
                  </Flex>
                </Flex>
              </Flex>
            </Card>
          </List.Item>
        )}
      />
      {pager && <Pagination simple align="center" {...pager} />}
    </Flex>
  );
}
