import { ArrowLeftOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Flex, Popconfirm, Result, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { usePageTitle } from '../../shared/ui/page-title';
import { CourseSyllabus } from '../course-lessons/course-syllabus';
import { ExamQuestionBank } from '../exams/question-bank';
import { CourseFormModal, type CourseFormTarget } from './course-form-modal';
import { CourseLevels } from './course-levels';
import { CourseMaterials } from './course-materials';
import { useCourse, useCourseMutations } from './courses-api';
import { runAction } from './form-errors';
import { formatMoney, useCurrency } from './money';

/** Spec §2 courses/{courseId}: a course with its levels, lessons, folders and files. */
export function CoursePage() {
  const id = Number(useParams().courseId);
  return Number.isInteger(id) && id > 0 ? <CourseView key={id} id={id} /> : <CourseNotFound />;
}

function CourseNotFound() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('courses.notFoundTitle')}
      extra={
        <Link to="/courses/list">
          <Button>{t('courses.backToList')}</Button>
        </Link>
      }
    />
  );
}

function CourseView({ id }: { id: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const currency = useCurrency();
  const course = useCourse(id);
  const { remove } = useCourseMutations();
  const [target, setTarget] = useState<CourseFormTarget | null>(null);
  usePageTitle(course.data?.name);

  if (course.isPending) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (course.isError) {
    if (course.error instanceof ApiError && course.error.status === 404) return <CourseNotFound />;
    return isHandledGlobally(course.error) ? null : (
      <Alert type="error" showIcon title={errorMessage(t, course.error)} />
    );
  }
  const c = course.data;
  const back = c.parent ? `/courses/${c.parent.id}` : '/courses/list';
  const orDash = (value: number | null, key: string) => (value === null ? '—' : t(key, { count: value }));

  const deleteCourse = async () => {
    if (
      await runAction(
        t,
        message,
        () => remove.mutateAsync(c.id),
        t(c.parent ? 'courses.levelDeleted' : 'courses.deleted'),
      )
    ) {
      navigate(back, { replace: true });
    }
  };

  return (
    <Flex vertical gap={16}>
      <Link to={back}>
        <ArrowLeftOutlined /> {c.parent ? c.parent.name : t('courses.backToList')}
      </Link>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <Space align="center" wrap>
          <span
            aria-hidden
            style={{ width: 16, height: 16, borderRadius: 4, background: c.color, display: 'inline-block' }}
          />
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0, overflowWrap: 'anywhere' }}>
            {c.name}
          </Typography.Title>
          {c.code && <Tag>{c.code}</Tag>}
        </Space>
        <Space>
          <Button
            icon={<EditOutlined />}
            onClick={() => setTarget({ mode: 'edit', course: c, parent: c.parent ?? undefined })}
          >
            {t('courses.edit')}
          </Button>
          <Popconfirm
            title={t(c.parent ? 'courses.deleteLevelQuestion' : 'courses.deleteQuestion', { name: c.name })}
            description={t('courses.deleteWarning')}
            okText={t('common.delete')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={deleteCourse}
          >
            <Button danger icon={<DeleteOutlined />}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Flex>
      {c.parent && (
        <Typography.Text>
          {t('courses.partOf')} <Link to={`/courses/${c.parent.id}`}>{c.parent.name}</Link>
        </Typography.Text>
      )}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'price', label: t('courses.priceShort'), children: formatMoney(c.price, currency) },
          {
            key: 'lesson',
            label: t('courses.lessonDuration'),
            children: orDash(c.lesson_duration, 'courses.minutesShort'),
          },
          {
            key: 'months',
            label: t('courses.courseDuration'),
            children: orDash(c.course_duration, 'courses.monthsShort'),
          },
          { key: 'exam', label: t('courses.examDuration'), children: orDash(c.exam_duration, 'courses.minutesShort') },
          { key: 'module', label: t('courses.lessonsPerModule'), children: c.lessons_per_module ?? '—' },
          ...(c.description
            ? [
                {
                  key: 'description',
                  label: t('courses.description'),
                  children: c.description,
                  span: 'filled' as const,
                },
              ]
            : []),
        ]}
      />
      {!c.parent && <CourseLevels course={c} currency={currency} onOpenForm={setTarget} />}
      <CourseSyllabus courseId={c.id} />
      <ExamQuestionBank courseId={c.id} />
      <CourseMaterials courseId={c.id} />
      <CourseFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
