import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Card, Empty, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { ButtonLink } from '../../shared/ui/button-link';
import { useReorderSyllabus, useSyllabus } from './course-lessons-api';
import { SortableSyllabus } from './sortable-syllabus';

/** Spec §3 course lessons: the course's (or level's) syllabus on its page, grouped by module. */
export function CourseSyllabus({ courseId }: { courseId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const syllabus = useSyllabus(courseId);
  const reorder = useReorderSyllabus(courseId);
  const data = syllabus.data;
  const addButton = data?.policies.add && (
    <ButtonLink to={`/courses/${courseId}/add-lesson`} icon={<PlusOutlined />}>
      {t('courseLessons.syllabus.add')}
    </ButtonLink>
  );

  const save = (ids: number[]) =>
    reorder.mutate(ids, {
      onSuccess: () => message.success(t('courseLessons.syllabus.reordered')),
      onError: (error) => {
        if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
      },
    });

  return (
    <Card title={t('courseLessons.syllabus.title')} extra={addButton}>
      {syllabus.isError ? (
        !isHandledGlobally(syllabus.error) && <Alert type="error" showIcon title={errorMessage(t, syllabus.error)} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : data.lessons.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courseLessons.syllabus.empty')} />
      ) : (
        <>
          {data.policies.reorder && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
              {t('courseLessons.syllabus.reorderHint')}
            </Typography.Paragraph>
          )}
          <SortableSyllabus syllabus={data} onReorder={save} />
        </>
      )}
    </Card>
  );
}
