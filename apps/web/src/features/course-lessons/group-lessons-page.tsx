import { BookOutlined, PlusOutlined } from '@ant-design/icons';
import type { GroupLessons } from '@crm/contracts';
import { App, Card, Empty, Flex, List, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { usePageTitle } from '../../shared/ui/page-title';
import { GroupExamsCard } from '../exams/group-exams-card';
import { useGroupLessons, useSetLessonOpening } from './course-lessons-api';
import { GroupLessonItem } from './group-lesson-item';
import { groupLessonPath } from './lesson-paths';
import { LessonProgress, NextLessonLine } from './lesson-progress';
import { PageHeader, QueryGate, useCoursesArea } from './page-parts';

/** Spec §2 groups/{courseId}/{groupId}/lessons: the group's lessons on its calendar. */
export function GroupLessonsPage() {
  const { t } = useTranslation();
  const groupId = Number(useParams().groupId);
  const lessons = useGroupLessons(groupId);
  usePageTitle(lessons.data && t('courseLessons.group.title', { group: lessons.data.group.title }));
  const back = { to: `/groups/${groupId}`, label: lessons.data?.group.title ?? t('courseLessons.editor.backToGroup') };
  return (
    <QueryGate query={lessons} back={back}>
      {(data) => <GroupLessonsView data={data} back={back} />}
    </QueryGate>
  );
}

function OpeningSwitch({ groupId, openAll }: { groupId: number; openAll: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const opening = useSetLessonOpening(groupId);
  const change = (value: boolean) =>
    opening.mutate(value, {
      onSuccess: () => message.success(t(value ? 'courseLessons.group.openedAll' : 'courseLessons.group.openedByDay')),
      onError: (error) => {
        if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
      },
    });
  return (
    <Flex gap={8} align="start">
      <Switch
        id="open-all-lessons"
        checked={openAll}
        loading={opening.isPending}
        onChange={change}
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <label htmlFor="open-all-lessons">
        {t('courseLessons.group.openAll')}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
          {t('courseLessons.group.openAllHint')}
        </Typography.Text>
      </label>
    </Flex>
  );
}

function GroupLessonsView({ data, back }: { data: GroupLessons; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const coursesArea = useCoursesArea();
  const { group, policies } = data;
  // Staff and the group's teachers read every lesson whatever its state (the server says so in policies).
  const readsLocked = policies.read_locked;
  const actions = (
    <Space wrap>
      {policies.edit_syllabus && coursesArea && (
        <ButtonLink to={`/courses/${group.course_id}`} icon={<BookOutlined />}>
          {t('courseLessons.group.syllabus')}
        </ButtonLink>
      )}
      {policies.add_lesson && (
        <ButtonLink to={`/groups/${group.id}/add-lesson`} type="primary" icon={<PlusOutlined />}>
          {t('courseLessons.group.add')}
        </ButtonLink>
      )}
    </Space>
  );
  return (
    <>
      <PageHeader back={back} title={t('courseLessons.group.title', { group: group.title })} extra={actions} />
      <Card size="small">
        <Flex vertical gap={12}>
          <Typography.Text strong>{group.course_name}</Typography.Text>
          <LessonProgress progress={data.progress} />
          <NextLessonLine next={data.next_lesson} />
          {policies.change_opening && <OpeningSwitch groupId={group.id} openAll={data.open_all} />}
        </Flex>
      </Card>
      <Card size="small" title={t('courseLessons.group.list')}>
        <List
          dataSource={data.lessons}
          rowKey="id"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(policies.edit_syllabus ? 'courseLessons.group.emptyStaff' : 'courseLessons.group.empty')}
              />
            ),
          }}
          renderItem={(line) => (
            <GroupLessonItem
              line={line}
              maxScore={data.max_score}
              asStudent={!readsLocked}
              to={line.opened || readsLocked ? groupLessonPath(group.id, group.course_id, line.id) : null}
            />
          )}
        />
      </Card>
      <GroupExamsCard groupId={group.id} courseId={group.course_id} />
    </>
  );
}
