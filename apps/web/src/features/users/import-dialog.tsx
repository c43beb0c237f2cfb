import type { ImportResult } from '@crm/contracts';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/use-session';
import { SpreadsheetImportDialog } from '../../shared/spreadsheet-import/spreadsheet-import-dialog';
import { followImport } from '../jobs/job-progress';
import { downloadXlsx, uploadStudents, useRefreshPeopleLists } from './users-api';

/** Spec §2 "Excel import with sample file" of students: into a branch the user chooses among his. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const refreshLists = useRefreshPeopleLists();
  return (
    <SpreadsheetImportDialog<ImportResult>
      open={open}
      onClose={onClose}
      title={t('users.import.title')}
      helpKey="users.import.help"
      branchId={branch}
      chooseBranch
      downloadSample={(lang) => downloadXlsx('/user/import/sample', { lang }, t('users.import.sampleName'))}
      upload={uploadStudents}
      follow={followImport}
      onImported={refreshLists}
      reportWords={{
        name: t('users.fields.name'),
        phone: t('users.fields.phone'),
        rejectedCount: (count) => t('users.import.rejectedCount', { count }),
        reason: (reason) => t(`users.import.reasons.${reason}`),
      }}
    />
  );
}
