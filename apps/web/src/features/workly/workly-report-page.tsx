import type { WorklyPolicies } from '@crm/contracts';
import { Button, Card, DatePicker, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandledGlobally } from '../../shared/api/error-message';
import { companyToday } from '../../shared/session/company-today';
import { useSession } from '../../shared/session/use-session';
import { BindingTable } from './binding-table';
import { DayLists } from './day-lists';
import { NotConnected } from './not-connected';
import { useWorklyConnection } from './workly-api';
import { WorklyProblem } from './workly-problem';

const ISO = 'YYYY-MM-DD';

/**
 * Spec §2 reports/workly: who is at work and who was late, by day, from Workly (the time clock), and which
 * staff member is which Workly employee. Without credentials the page says how to connect Workly.
 */
export function WorklyReportPage() {
  const { t } = useTranslation();
  const { branch } = useSession();
  const connection = useWorklyConnection();

  let body: ReactNode;
  if (connection.isError) {
    body = isHandledGlobally(connection.error) ? null : (
      <WorklyProblem error={connection.error} onRetry={() => void connection.refetch()} canConnect={false} />
    );
  } else if (!connection.data) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  } else if (!connection.data.configured) {
    body = <NotConnected canConnect={connection.data.policies.connect} />;
  } else if (branch !== null) {
    body = <ConnectedReport key={branch} branchId={branch} policies={connection.data.policies} />;
  }

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('workly.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('workly.subtitle')}</Typography.Text>
      </div>
      {body}
    </Flex>
  );
}

function ConnectedReport({ branchId, policies }: { branchId: number; policies: WorklyPolicies }) {
  const { t } = useTranslation();
  const today = companyToday();
  const [day, setDay] = useState(today);
  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap align="center">
        <DatePicker
          aria-label={t('workly.day')}
          value={dayjs(day)}
          allowClear={false}
          format="DD.MM.YYYY"
          disabledDate={(candidate) => candidate.format(ISO) > today}
          onChange={(value) => value && setDay(value.format(ISO))}
        />
        <Button onClick={() => setDay(today)} disabled={day === today}>
          {t('workly.today')}
        </Button>
      </Flex>
      <DayLists day={day} today={today} branchId={branchId} policies={policies} />
      <BindingTable branchId={branchId} policies={policies} />
    </Flex>
  );
}
