import type { Exam } from '@crm/contracts';
import { Card, Empty, Flex, List, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateText } from '../groups/dates';
import { examPath, groupPath } from './exam-paths';
import { ExamFacts, ExamKindTag, ExamStateTag } from './exam-tags';

interface RoadmapListProps {
  exams: Exam[] | undefined;
  /** The first answer is on its way (a later filter keeps the previous rows until its answer). */
  pending: boolean;
  /** A phone: a card per exam instead of a table's seven columns. */
  narrow: boolean;
}

// The exam's answer names its group, not the group's course, which the group's lessons page is addressed by:
// the group's own page (it links on to the lessons) is where the roadmap sends the reader.
const GroupLink = ({ exam }: { exam: Exam }) => <Link to={groupPath(exam.group_id)}>{exam.group_title}</Link>;
const TitleLink = ({ exam }: { exam: Exam }) => (
  <Link to={examPath(exam.group_id, exam.id)} style={{ overflowWrap: 'anywhere' }}>
    {exam.title}
  </Link>
);

/** A branch's three months can hold hundreds of exams: they are paged here, all read at once from the server. */
const PAGES = { pageSize: 50, hideOnSinglePage: true, showSizeChanger: false };

function ExamCard({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  return (
    <Card size="small" styles={{ body: { padding: 12 } }} style={{ width: '100%' }}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" gap={8} align="start">
          <TitleLink exam={exam} />
          <ExamStateTag state={exam.state} />
        </Flex>
        <GroupLink exam={exam} />
        <ExamFacts exam={exam} />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('exams.resultCount', exam.results)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The roadmap's exams: a table on a wide screen, cards on a phone; an empty period says so. */
export function RoadmapList({ exams, pending, narrow }: RoadmapListProps) {
  const { t } = useTranslation();
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exams.roadmap.empty')} />;
  if (narrow) {
    return (
      <List
        loading={pending}
        dataSource={exams ?? []}
        rowKey="id"
        split={false}
        pagination={PAGES}
        locale={{ emptyText: pending ? ' ' : empty }}
        renderItem={(exam) => (
          <List.Item style={{ padding: '0 0 8px' }}>
            <ExamCard exam={exam} />
          </List.Item>
        )}
        style={{ width: '100%' }}
      />
    );
  }
  const columns: TableColumnsType<Exam> = [
    { key: 'date', title: t('exams.roadmap.date'), render: (_, exam) => dateText(exam.date), width: 110 },
    { key: 'group', title: t('exams.roadmap.group'), render: (_, exam) => <GroupLink exam={exam} /> },
    { key: 'title', title: t('exams.roadmap.title'), render: (_, exam) => <TitleLink exam={exam} /> },
    { key: 'kind', title: t('exams.roadmap.kind'), render: (_, exam) => <ExamKindTag kind={exam.kind} /> },
    { key: 'module', title: t('exams.roadmap.module'), render: (_, exam) => exam.module ?? '—' },
    {
      key: 'results',
      title: t('exams.roadmap.results'),
      render: (_, exam) => t('exams.roadmap.doneOf', exam.results),
    },
    { key: 'state', title: t('exams.roadmap.state'), render: (_, exam) => <ExamStateTag state={exam.state} /> },
  ];
  return (
    <Table<Exam>
      size="small"
      rowKey="id"
      loading={pending}
      columns={columns}
      dataSource={exams ?? []}
      pagination={PAGES}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: pending ? ' ' : empty }}
    />
  );
}
