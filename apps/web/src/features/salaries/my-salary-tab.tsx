import type { Salary } from '@crm/contracts';
import { Empty, Flex, List, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useCurrency } from '../courses/money';
import { dateText } from '../groups/dates';
import { useSalaries } from './salaries-api';
import { LinesButton, monthText, SalaryDrawer } from './salary-detail';

/**
 * Spec §2 "user hash #2 is salary": a teacher's own published months on his profile, newest
 * first, each opening every line it counts.
 */
export function MySalaryTab() {
  const { t } = useTranslation();
  const currency = useCurrency();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useSalaries({}, page);
  if (list.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  const pagination = list.data?.pagination;
  return (
    <Flex vertical gap={12}>
      <List<Salary>
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        locale={{ emptyText: <Empty description={t('salaries.my.empty')} /> }}
        pagination={
          pagination && pagination.total_pages > 1
            ? { current: page, pageSize: pagination.per_page, total: pagination.total, onChange: setPage }
            : false
        }
        renderItem={(salary) => (
          <List.Item actions={[<LinesButton key="lines" salary={salary} onOpen={setOpen} />]}>
            <List.Item.Meta
              title={monthText(salary.month)}
              description={
                <Typography.Text type="secondary">
                  {t('salaries.lines.summary', { lessons: salary.lesson_count, students: salary.student_count })}
                  {salary.published_at && ` · ${dateText(salary.published_at.slice(0, 10))}`}
                </Typography.Text>
              }
            />
            <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(salary.amount, currency)}
            </Typography.Text>
          </List.Item>
        )}
      />
      <SalaryDrawer id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
