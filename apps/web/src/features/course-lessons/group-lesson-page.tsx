import { EditOutlined } from '@ant-design/icons';
import type { GroupLesson } from '@crm/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../shared/ui/button-link';
import { usePageTitle } from '../../shared/ui/page-title';
import { dateText } from '../groups/dates';
import { useGroupLesson } from './course-lessons-api';
import { MyHomeworkAnswer } from './homework-answer';
import { HomeworkReviews } from './homework-review';
import { HomeworkSummary } from './homework-summary';
import { LessonContent } from './lesson-content';
import { groupLessonsPath } from './lesson-paths';
import { PageHeader, QueryGate } from './page-parts';

/** Spec §2 groups/{id}/lessons-v2/{courseId}/{lessonId}: a lesson as the group has it, with its homework. */
export function GroupLessonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const groupId = Number(params.id);
  const lesson = useGroupLesson(groupId, Number(params.lessonId));
  usePageTitle(lesson.data?.title);
  const back = { to: groupLessonsPath(Number(params.courseId), groupId), label: t('courseLessons.lesson.back') };
  return (
    <QueryGate query={lesson} back={back}>
      {(data) => <GroupLessonView lesson={data} groupId={groupId} back={back} />}
    </QueryGate>
  );
}

function GroupLessonView({
  lesson,
  groupId,
  back,
}: {
  lesson: GroupLesson;
  groupId: number;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const { placement } = lesson;
  const when = placement.date
    ? [dateText(placement.date), placement.start_time].filter(Boolean).join(' ')
    : t('courseLessons.group.notScheduled');
  const edit = lesson.policies.edit && (
    <ButtonLink to={`/lessons/${lesson.id}`} icon={<EditOutlined />}>
      {t('courseLessons.lesson.edit')}
    </ButtonLink>
  );
  return (
    <>
      <PageHeader back={back} title={lesson.title} extra={edit} />
      <Flex wrap gap={8} align="center">
        <Typography.Text type="secondary">
          {t('courseLessons.lesson.position', { position: placement.position })} · {when}
        </Typography.Text>
        {lesson.module !== null && <Tag>{t('courseLessons.module', { number: lesson.module })}</Tag>}
        {lesson.group_id !== null && <Tag color="purple">{t('courseLessons.group.own')}</Tag>}
      </Flex>
      <Card>
        <LessonContent lesson={lesson} />
      </Card>
      {lesson.homework && (
        <HomeworkSummary homework={lesson.homework} due={placement.homework_due}>
          {lesson.policies.answer && <MyHomeworkAnswer lesson={lesson} groupId={groupId} />}
          {lesson.policies.review && <HomeworkReviews lesson={lesson} groupId={groupId} />}
        </HomeworkSummary>
      )}
    </>
  );
}
