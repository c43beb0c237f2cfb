import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SpreadsheetImportDialog } from '../../shared/spreadsheet-import/spreadsheet-import-dialog';
import { followImport } from '../jobs/job-progress';
import { leadImportReportWords } from './lead-import-words';
import { downloadLeadSample, type LeadImportResult, uploadLeads } from './lead-reports-api';

export interface LeadImportButtonProps {
  /** The board's branch (the header's): the leads go to its "incoming" column. */
  branchId: number;
  /**
   * Called after a file added at least one lead. Queries whose key starts with 'leads' are
   * invalidated anyway; an open board also gets the server's update records (one per lead, or one
   * `reload` record for more than 100) and may ignore this.
   */
  onImported?: (result: LeadImportResult) => void;
}

/**
 * Spec §2 leads "import": a button that opens the import dialog — the sample file, an .xls or .xlsx
 * upload, and the answer row by row (added, skipped as already on the board, or refused and why).
 */
export function LeadImportButton({ branchId, onImported }: LeadImportButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('users.import.button')}
      </Button>
      <SpreadsheetImportDialog<LeadImportResult>
        open={open}
        onClose={() => setOpen(false)}
        title={t('leadReports.import.title')}
        helpKey="leadReports.import.help"
        branchId={branchId}
        downloadSample={(lang) => downloadLeadSample(lang, t('leadReports.import.sampleName'))}
        upload={uploadLeads}
        follow={followImport}
        onImported={async (answer) => {
          await queryClient.invalidateQueries({ queryKey: ['leads'] });
          onImported?.(answer);
        }}
        reportWords={leadImportReportWords(t)}
      />
    </>
  );
}
