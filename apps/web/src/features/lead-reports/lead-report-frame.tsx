import type { LeadConversion } from '@crm/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import { monthPeriod, PeriodPicker } from '../../shared/ui/period-picker';
import { ReportHeader, useReportFilters } from '../reports/report-filters';
import { downloadLeadExport, type LeadReportQuery, useLeadReport } from './lead-reports-api';

/** The server answers at most this many days (lead-report.ts LEAD_REPORT_MAX_DAYS). */
const MAX_DAYS = 370;

interface FrameProps {
  title: string;
  children: (report: UseQueryResult<LeadConversion>, query: LeadReportQuery) => ReactNode;
}

/**
 * A lead statistics page: the title with the Excel download of the period's leads, the period (the
 * current month to begin with), and the page's cards. The branch is the header's (spec §7 branch_id).
 */
export function LeadReportFrame(props: FrameProps) {
  const { branch } = useSession();
  return branch === null ? null : <BranchLeadReport key={branch} branchId={branch} {...props} />;
}

function BranchLeadReport({ branchId, title, children }: FrameProps & { branchId: number }) {
  const { t, i18n } = useTranslation();
  const { filters, setFilter } = useReportFilters(monthPeriod());
  const query = useMemo(
    () => ({ branch_id: branchId, from: filters.from, to: filters.till }),
    [branchId, filters.from, filters.till],
  );
  const report = useLeadReport(query);
  return (
    <Flex vertical gap={16}>
      <ReportHeader
        title={title}
        onDownload={() =>
          // Every lead that came in the period, the archived and the converted ones too, as the funnel counts them.
          downloadLeadExport(
            branchId,
            { from: query.from, to: query.to, archived: 'all' },
            i18n.language,
            `leads-${query.from}_${query.to}.xlsx`,
          )
        }
      />
      <PeriodPicker value={filters} onChange={setFilter} maxDays={MAX_DAYS} />
      {report.isError && !isHandledGlobally(report.error) && (
        <Alert type="error" showIcon title={errorMessage(t, report.error)} />
      )}
      {children(report, query)}
    </Flex>
  );
}
