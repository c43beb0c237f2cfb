import { PlusOutlined } from '@ant-design/icons';
import type { Course, CourseDetail } from '@crm/contracts';
import { App, Button, Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActions } from './catalog-ui';
import type { CourseFormTarget } from './course-form-modal';
import { useCourseMutations } from './courses-api';
import { runAction } from './form-errors';
import { formatMoney } from './money';

interface CourseLevelsProps {
  course: CourseDetail;
  currency: string;
  onOpenForm: (target: CourseFormTarget) => void;
}

/** The levels (sub-courses) of a course: add, edit, delete. */
export function CourseLevels({ course, currency, onOpenForm }: CourseLevelsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { remove } = useCourseMutations();
  const parent = { id: course.id, name: course.name };
  const addLevel = () => onOpenForm({ mode: 'create', parent });

  const columns: TableColumnsType<Course> = [
    {
      title: t('courses.name'),
      key: 'name',
      render: (_, level) => <Link to={`/courses/${level.id}`}>{level.name}</Link>,
    },
    { title: t('courses.code'), dataIndex: 'code', key: 'code' },
    {
      title: t('courses.priceShort'),
      key: 'price',
      align: 'right',
      render: (_, level) => formatMoney(level.price, currency),
    },
    {
      title: t('courses.lessonDuration'),
      key: 'lesson_duration',
      render: (_, level) => t('courses.minutesShort', { count: level.lesson_duration }),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, level) => (
        <RowActions
          editLabel={t('courses.editLabel', { name: level.name })}
          deleteLabel={t('courses.deleteLabel', { name: level.name })}
          deleteQuestion={t('courses.deleteLevelQuestion', { name: level.name })}
          deleteWarning={t('courses.deleteWarning')}
          onEdit={() => onOpenForm({ mode: 'edit', course: level, parent })}
          onDelete={() => runAction(t, message, () => remove.mutateAsync(level.id), t('courses.levelDeleted'))}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('courses.levels')}
      extra={
        <Button icon={<PlusOutlined />} onClick={addLevel}>
          {t('courses.addLevel')}
        </Button>
      }
    >
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={course.levels}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('courses.noLevels')} /> }}
      />
    </Card>
  );
}
