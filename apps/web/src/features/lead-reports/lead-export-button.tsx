import { DownloadOutlined } from '@ant-design/icons';
import { jobsRoutes } from '@crm/contracts';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { useBackgroundExport } from '../jobs/background-export';
import { downloadLeadExport, type LeadExportFilters } from './lead-reports-api';

export interface LeadExportButtonProps {
  /** The board's branch (the header's). */
  branchId: number;
  /**
   * The search the board shows (contracts leadSearchSchema: from, to, search, admin_id, course_id, tag_id,
   * source_id), a column, and which leads: `archived` '0' or absent the board's cards, '1' the archive,
   * 'all' every lead. Empty values are not sent.
   */
  filters?: LeadExportFilters;
}

/**
 * Spec §2 leads "export": every lead matching the board's filters as an Excel file, in the
 * interface's language (column, section, source, course, responsible, tags, date).
 */
export function LeadExportButton({ branchId, filters = {} }: LeadExportButtonProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const backgroundExport = useBackgroundExport();
  const download = async () => {
    setBusy(true);
    try {
      // A large board is written in the background (issue 15); a small one downloads at once, as before.
      await backgroundExport.run(
        () => api(jobsRoutes.startLeadExport, { query: { ...filters, branch_id: branchId, lang: i18n.language } }),
        () => downloadLeadExport(branchId, filters, i18n.language, t('leadReports.export.fileName')),
      );
    } catch (error) {
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={download}>
        {t('leadReports.export.button')}
      </Button>
      {backgroundExport.modal}
    </>
  );
}
