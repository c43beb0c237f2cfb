import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConversionCard, FunnelCard, SourcesCard } from './lead-report-cards';
import { LeadReportFrame } from './lead-report-frame';

/** Each card takes half a wide screen; on a phone they stand one under the other. */
const half = { flex: '1 1 420px', minWidth: 0 };

/** A statistics page: its own card beside the sales funnel of the period. */
function LeadStatsPage({ title, own: Own }: { title: string; own: typeof ConversionCard }) {
  return (
    <LeadReportFrame title={title}>
      {(report) => (
        <Flex wrap gap={16} align="flex-start" style={{ width: '100%' }}>
          <div style={half}>
            <Own report={report.data} loading={report.isPending} />
          </div>
          <div style={half}>
            <FunnelCard funnel={report.data?.funnel} loading={report.isPending} />
          </div>
        </Flex>
      )}
    </LeadReportFrame>
  );
}

/** Spec §2 reports/conversion: how many leads reached "set" per day, and the sales funnel of the period. */
export function LeadConversionPage() {
  const { t } = useTranslation();
  return <LeadStatsPage title={t('leadReports.conversion.title')} own={ConversionCard} />;
}

/** Spec §2 reports/leads: where the period's leads came from, and how far they went. */
export function LeadSourcesPage() {
  const { t } = useTranslation();
  return <LeadStatsPage title={t('leadReports.leads.title')} own={SourcesCard} />;
}
