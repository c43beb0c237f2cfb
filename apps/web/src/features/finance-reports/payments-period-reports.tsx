import type { PaymentMethod } from '@crm/contracts';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { downloadReport } from '../reports/reports-api';
import { DebitChartCard } from './money-chart-card';
import { ProfitCard } from './profit-card';

/** What the payments page filters by, as GET /replenishments/export takes it. */
interface PaymentsFilter {
  from: string;
  to: string;
  method?: PaymentMethod;
  student_id?: number;
}

/** The payments page's Excel: the filter's payments that still count, in the interface's language. */
export const downloadPayments = (branchId: number, filter: PaymentsFilter, language: string) =>
  downloadReport(
    '/replenishments/export',
    {
      branch_id: branchId,
      from: filter.from,
      to: filter.to,
      method: filter.method,
      student_id: filter.student_id,
      lang: language,
    },
    `payments-${filter.from}_${filter.to}.xlsx`,
  );

/** The period's result and money in per day, side by side on a wide screen, one under the other on a phone. */
export function PaymentsPeriodReports({ branchId, from, to }: { branchId: number; from: string; to: string }) {
  const period = useMemo(() => ({ branch_id: branchId, from, to }), [branchId, from, to]);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <ProfitCard period={period} />
      </Col>
      <Col xs={24} lg={15}>
        <DebitChartCard period={period} />
      </Col>
    </Row>
  );
}
