import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { Exam } from '@crm/contracts';
import { Alert, App, Button, Card, Empty, Flex, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useCoursesArea } from '../course-lessons/page-parts';
import { RowActions } from '../courses/catalog-ui';
import { runAction } from '../courses/form-errors';
import { ExamFormModal, type ExamTarget } from './exam-form';
import { examPath } from './exam-paths';
import { ExamFacts, ExamStateTag, useBallText } from './exam-tags';
import { useExamWrites, useGroupExams } from './exams-api';

/** An online exam draws from the course's bank: an empty bank would refuse every student's start. */
function EmptyBankWarning({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const text = t('exams.group.bankEmpty');
  return (
    <Typography.Text type="warning" style={{ fontSize: 13 }}>
      <WarningOutlined /> {useCoursesArea() ? <Link to={`/courses/${courseId}`}>{text}</Link> : text}
    </Typography.Text>
  );
}

interface GroupExamItemProps {
  exam: Exam;
  courseId: number;
  /** The viewer runs the group (teacher, staff): the group's count and the changes; else his own ball. */
  manage: boolean;
  onEdit: () => void;
}

/** One exam: its title (to its page), day, kind, module, state and results. */
function GroupExamItem({ exam, courseId, manage, onEdit }: GroupExamItemProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const ballText = useBallText();
  const { remove } = useExamWrites(exam.group_id);
  return (
    <List.Item style={{ paddingInline: 4 }}>
      <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
        <Flex justify="space-between" gap={8} align="start">
          <Link to={examPath(exam.group_id, exam.id)} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {exam.title}
          </Link>
          <Flex gap={8} align="center" style={{ flexShrink: 0 }}>
            <ExamStateTag state={exam.state} />
            {manage && (
              <RowActions
                size="small"
                editLabel={t('exams.group.edit', { title: exam.title })}
                deleteLabel={t('exams.group.delete', { title: exam.title })}
                deleteQuestion={t('exams.group.deleteQuestion', { title: exam.title })}
                deleteWarning={t('exams.group.deleteWarning')}
                onEdit={onEdit}
                onDelete={() => runAction(t, message, () => remove.mutateAsync(exam.id), t('exams.group.deleted'))}
              />
            )}
          </Flex>
        </Flex>
        <ExamFacts exam={exam} />
        {manage ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('exams.resultCount', exam.results)}
          </Typography.Text>
        ) : (
          exam.my_ball !== null && (
            <Typography.Text strong>{t('exams.group.myBall', { ball: ballText(exam.my_ball) })}</Typography.Text>
          )
        )}
        {manage && exam.kind === 'online' && exam.bank_size === 0 && <EmptyBankWarning courseId={courseId} />}
      </Flex>
    </List.Item>
  );
}

/** Issue 19: the group's exams on its lessons page (spec §2 groups/{id}/exam/{id} from here). */
export function GroupExamsCard({ groupId, courseId }: { groupId: number; courseId: number }) {
  const { t } = useTranslation();
  const exams = useGroupExams(groupId);
  const [target, setTarget] = useState<ExamTarget | null>(null);
  const data = exams.data;
  const manage = data?.policies.manage ?? false;
  const add = manage && (
    <Button icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>
      {t('exams.group.add')}
    </Button>
  );
  return (
    <Card size="small" title={t('exams.group.title')} extra={add}>
      {exams.isError ? (
        !isHandledGlobally(exams.error) && <Alert type="error" showIcon title={errorMessage(t, exams.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List
          dataSource={data.data}
          rowKey="id"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(manage ? 'exams.group.emptyStaff' : 'exams.group.empty')}
              />
            ),
          }}
          renderItem={(exam) => (
            <GroupExamItem
              exam={exam}
              courseId={courseId}
              manage={manage}
              onEdit={() => setTarget({ mode: 'edit', exam })}
            />
          )}
        />
      )}
      {target && (
        <ExamFormModal
          groupId={groupId}
          target={target}
          bankSize={data?.data[0]?.bank_size ?? null}
          onClose={() => setTarget(null)}
        />
      )}
    </Card>
  );
}
