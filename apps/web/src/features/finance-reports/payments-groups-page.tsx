import type { GroupPaymentsRow } from '@crm/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupPayments } from './finance-reports-api';
import { PaymentsByPage } from './payments-by-view';

const groupId = (row: GroupPaymentsRow) => row.group.id;
const groupTitle = (row: GroupPaymentsRow) => row.group.title;

/** Spec §2 finance/payments-groups: per group of the branch, its students and money in the period. */
export function PaymentsGroupsPage() {
  const { t } = useTranslation();
  const nameColumns: TableColumnsType<GroupPaymentsRow> = [
    // Plain names: the cashier, whose pages these are, may not open group or course pages (spec §6).
    { title: t('financeReports.columns.group'), key: 'group', render: (_, r) => r.group.title },
    { title: t('financeReports.columns.course'), key: 'course', render: (_, r) => r.course.name },
    { title: t('financeReports.columns.teacher'), key: 'teacher', render: (_, r) => r.teacher.name },
  ];
  return (
    <PaymentsByPage
      title={t('financeReports.groups.title')}
      empty={t('financeReports.groups.empty')}
      path="/replenishments/by-groups"
      fileName="payments-groups"
      filter="course_id"
      useReport={useGroupPayments}
      nameColumns={nameColumns}
      rowKey={groupId}
      labelOf={groupTitle}
    />
  );
}
