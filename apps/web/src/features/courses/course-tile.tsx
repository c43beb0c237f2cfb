import type { CourseListItem } from '@crm/contracts';
import { Space, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActions } from './catalog-ui';
import { formatMoney } from './money';

interface CourseTileProps {
  course: CourseListItem;
  currency: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
}

/** Spec §9: a course tile in its fixed colour: name, code, price and how many levels it has. */
export function CourseTile({ course, currency, onEdit, onDelete }: CourseTileProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <article
      aria-label={course.name}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        padding: 16,
        borderRadius: token.borderRadiusLG,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderTop: `6px solid ${course.color}`,
        minWidth: 0,
      }}
    >
      <Space align="start" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Link to={`/courses/${course.id}`} style={{ color: 'inherit', minWidth: 0 }}>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0, overflowWrap: 'anywhere' }}>
            {course.name}
          </Typography.Title>
        </Link>
        {course.code && <Tag style={{ marginInlineEnd: 0 }}>{course.code}</Tag>}
      </Space>
      <Typography.Text strong style={{ fontSize: 16 }}>
        {formatMoney(course.price, currency)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('courses.levelCount', { count: course.levels.length })} ·{' '}
        {t('courses.minutesShort', { count: course.lesson_duration })}
      </Typography.Text>
      <Space style={{ marginTop: 'auto', justifyContent: 'space-between', width: '100%' }}>
        <Link to={`/courses/${course.id}`}>{t('courses.open')}</Link>
        <RowActions
          editLabel={t('courses.editLabel', { name: course.name })}
          deleteLabel={t('courses.deleteLabel', { name: course.name })}
          deleteQuestion={t('courses.deleteQuestion', { name: course.name })}
          deleteWarning={t('courses.deleteWarning')}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </Space>
    </article>
  );
}
