import type { CoursePaymentsRow } from '@crm/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCoursePayments } from './finance-reports-api';
import { PaymentsByPage } from './payments-by-view';

const courseId = (row: CoursePaymentsRow) => row.course.id;
const courseName = (row: CoursePaymentsRow) => row.course.name;

/** Spec §2 finance/payments-courses: the groups' figures added up per course (a level on its own row). */
export function PaymentsCoursesPage() {
  const { t } = useTranslation();
  const nameColumns: TableColumnsType<CoursePaymentsRow> = [
    // A plain name: the cashier, whose page this is, may not open course pages (spec §6).
    { title: t('financeReports.columns.course'), key: 'course', render: (_, r) => r.course.name },
    { title: t('financeReports.columns.groups'), key: 'groups', align: 'right', render: (_, r) => r.groups },
  ];
  return (
    <PaymentsByPage
      title={t('financeReports.courses.title')}
      empty={t('financeReports.courses.empty')}
      path="/replenishments/by-courses"
      fileName="payments-courses"
      filter="course_id"
      useReport={useCoursePayments}
      nameColumns={nameColumns}
      rowKey={courseId}
      labelOf={courseName}
    />
  );
}
