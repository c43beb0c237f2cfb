import type { CourseListItem } from '@crm/contracts';
import { Alert, App, Button, Empty, Flex, Input, Pagination, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { PageHeader } from './catalog-ui';
import { CourseFormModal, type CourseFormTarget } from './course-form-modal';
import { CourseTile } from './course-tile';
import { useCourseMutations, useCourses } from './courses-api';
import { runAction } from './form-errors';
import { useCurrency } from './money';

/** Spec §2 courses/list: the company's courses as coloured tiles, with search. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const currency = useCurrency();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<CourseFormTarget | null>(null);
  const courses = useCourses(search, page);
  const { remove } = useCourseMutations();
  const pagination = courses.data?.pagination;
  const openCreate = () => setTarget({ mode: 'create' });

  useEffect(() => {
    if (pagination && page > pagination.total_pages) setPage(pagination.total_pages);
  }, [pagination, page]);

  const deleteCourse = (course: CourseListItem) =>
    runAction(t, message, () => remove.mutateAsync(course.id), t('courses.deleted'));

  const list = courses.data?.data ?? [];
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('courses.title')} addLabel={t('courses.add')} onAdd={openCreate} />
      <Input.Search
        allowClear
        placeholder={t('courses.searchPlaceholder')}
        aria-label={t('courses.search')}
        style={{ maxWidth: 360 }}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
      />
      {courses.isError && !isHandledGlobally(courses.error) && (
        <Alert type="error" showIcon title={errorMessage(t, courses.error)} />
      )}
      <Spin spinning={courses.isFetching}>
        {list.length > 0 ? (
          <div
            style={{
              display: 'grid',
              gap: 16,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
            }}
          >
            {list.map((course) => (
              <CourseTile
                key={course.id}
                course={course}
                currency={currency}
                onEdit={() => setTarget({ mode: 'edit', course })}
                onDelete={() => deleteCourse(course)}
              />
            ))}
          </div>
        ) : courses.isPending ? (
          <div style={{ minHeight: 160 }} />
        ) : search ? (
          <Empty description={t('courses.notFound', { search })} />
        ) : (
          <Empty description={t('courses.empty')}>
            <Button type="primary" onClick={openCreate}>
              {t('courses.createFirst')}
            </Button>
          </Empty>
        )}
      </Spin>
      {pagination && pagination.total_pages > 1 && (
        <Pagination
          align="center"
          current={page}
          pageSize={pagination.per_page}
          total={pagination.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
      <CourseFormModal target={target} onClose={() => setTarget(null)} />
    </Flex>
  );
}
