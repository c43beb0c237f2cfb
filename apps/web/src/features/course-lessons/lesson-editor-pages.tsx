import { DeleteOutlined } from '@ant-design/icons';
import type { CourseLesson, GroupLessonLine } from '@crm/contracts';
import { App, Button, Card, Form, Popconfirm, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/ui/page-title';
import { useCourse } from '../courses/courses-api';
import { runAction } from '../courses/form-errors';
import {
  useAddCourseLesson,
  useAddGroupLesson,
  useCourseLesson,
  useDeleteCourseLesson,
  useGroupLessons,
  useUpdateCourseLesson,
} from './course-lessons-api';
import { HomeworkSummary } from './homework-summary';
import { LessonContent } from './lesson-content';
import { LessonForm } from './lesson-form';
import { lessonFormValues, lessonInput } from './lesson-form-values';
import { groupLessonsPath } from './lesson-paths';
import { PageHeader, QueryGate, useCoursesArea } from './page-parts';

/** Spec §2 courses/{courseId}/add-lesson: a new lesson at the end of the course's syllabus. */
export function AddCourseLessonPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const courseId = Number(useParams().courseId);
  const course = useCourse(courseId);
  const add = useAddCourseLesson(courseId);
  const back = { to: `/courses/${courseId}`, label: course.data?.name ?? t('courseLessons.editor.backToCourse') };
  return (
    <QueryGate query={course} back={back}>
      {() => (
        <>
          <PageHeader back={back} title={t('courseLessons.editor.newTitle')} />
          <LessonForm
            courseId={courseId}
            courseFiles
            initialValues={lessonFormValues()}
            submitLabel={t('courseLessons.editor.create')}
            cancelTo={back.to}
            saving={add.isPending}
            onSave={async (values) => {
              await add.mutateAsync(lessonInput(values));
              message.success(t('courseLessons.editor.created'));
              navigate(back.to);
            }}
          />
        </>
      )}
    </QueryGate>
  );
}

/** Where a lesson belongs: its group's lessons (a group's own lesson) or its course's page. */
const homeOf = (lesson: Pick<CourseLesson, 'course_id' | 'group_id'>) =>
  lesson.group_id === null
    ? { to: `/courses/${lesson.course_id}`, key: 'courseLessons.editor.backToCourse' }
    : { to: groupLessonsPath(lesson.course_id, lesson.group_id), key: 'courseLessons.editor.backToGroup' };

/** Spec §2 lessons/{lessonId}: the lesson's editor, or the lesson as it reads where the server allows no change. */
export function CourseLessonPage() {
  const { t } = useTranslation();
  const lessonId = Number(useParams().lessonId);
  const lesson = useCourseLesson(lessonId);
  usePageTitle(lesson.data?.title);
  const home = lesson.data ? homeOf(lesson.data) : { to: '/courses/list', key: 'courseLessons.editor.backToCourses' };
  const back = { to: home.to, label: t(home.key) };
  return (
    <QueryGate query={lesson} back={back}>
      {(data) =>
        data.policies.edit ? (
          <LessonEditor key={data.updated_at} lesson={data} back={back} />
        ) : (
          <>
            <PageHeader back={back} title={data.title} />
            <Card>
              <LessonContent lesson={data} />
            </Card>
            {data.homework && <HomeworkSummary homework={data.homework} />}
          </>
        )
      }
    </QueryGate>
  );
}

function LessonEditor({ lesson, back }: { lesson: CourseLesson; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateCourseLesson(lesson.id);
  const remove = useDeleteCourseLesson(lesson.id);
  const courseFiles = useCoursesArea();
  const deleteLesson = async () => {
    const done = await runAction(t, message, () => remove.mutateAsync(undefined), t('courseLessons.editor.deleted'));
    if (done) navigate(back.to, { replace: true });
  };
  const deleteButton = lesson.policies.delete && (
    <Popconfirm
      title={t('courseLessons.editor.deleteQuestion', { title: lesson.title })}
      description={t('courseLessons.editor.deleteWarning')}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={deleteLesson}
    >
      <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
        {t('common.delete')}
      </Button>
    </Popconfirm>
  );
  return (
    <>
      <PageHeader back={back} title={lesson.title} />
      <LessonForm
        courseId={lesson.course_id}
        courseFiles={courseFiles}
        initialValues={lessonFormValues(lesson)}
        knownFiles={lesson.files}
        submitLabel={t('common.save')}
        cancelTo={back.to}
        saving={update.isPending}
        actions={deleteButton}
        onSave={async (values) => {
          await update.mutateAsync(lessonInput(values));
          message.success(t('courseLessons.editor.saved'));
        }}
      />
    </>
  );
}

/** The lesson a new group lesson follows ("at the beginning": 0). */
function AfterLessonField({ lessons }: { lessons: GroupLessonLine[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="after_lesson_id"
      label={t('courseLessons.editor.place')}
      extra={t('courseLessons.editor.placeHint')}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={[
          { value: 0, label: t('courseLessons.editor.atBeginning') },
          ...lessons.map((lesson) => ({
            value: lesson.id,
            label: t('courseLessons.editor.after', { position: lesson.position, title: lesson.title }),
          })),
        ]}
      />
    </Form.Item>
  );
}

/** By default a new group lesson comes next: after the last lesson the group has reached. */
const lastOpened = (lessons: GroupLessonLine[]) => lessons.filter((lesson) => lesson.opened).at(-1)?.id ?? 0;

/** Spec §2 groups/{id}/add-lesson: a lesson for this group only, placed after one of its lessons. */
export function AddGroupLessonPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const groupId = Number(useParams().id);
  const lessons = useGroupLessons(groupId);
  const add = useAddGroupLesson(groupId);
  const courseFiles = useCoursesArea();
  const group = lessons.data?.group;
  const back = {
    to: group ? groupLessonsPath(group.course_id, groupId) : `/groups/${groupId}`,
    label: group?.title ?? t('courseLessons.editor.backToGroup'),
  };
  return (
    <QueryGate query={lessons} back={back}>
      {(data) => (
        <>
          <PageHeader back={back} title={t('courseLessons.editor.newGroupTitle', { group: data.group.title })} />
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('courseLessons.editor.groupOnly')}
          </Typography.Paragraph>
          <LessonForm
            courseId={data.group.course_id}
            courseFiles={courseFiles}
            initialValues={{ ...lessonFormValues(), after_lesson_id: lastOpened(data.lessons) }}
            before={<AfterLessonField lessons={data.lessons} />}
            submitLabel={t('courseLessons.editor.create')}
            cancelTo={back.to}
            saving={add.isPending}
            onSave={async (values) => {
              await add.mutateAsync({ ...lessonInput(values), after_lesson_id: values.after_lesson_id || null });
              message.success(t('courseLessons.editor.created'));
              navigate(back.to);
            }}
          />
        </>
      )}
    </QueryGate>
  );
}
