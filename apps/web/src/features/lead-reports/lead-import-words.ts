import type { TFunction } from 'i18next';
import type { ImportReportWords } from '../../shared/spreadsheet-import/import-row-report';

/**
 * The lead import's words in its row report: a lead's own reasons (`lead_exists`, a phone already on the
 * board) under `leadReports.import.reasons`, the rest as the students import says them.
 */
export const leadImportReportWords = (t: TFunction): ImportReportWords => ({
  name: t('leadReports.import.name'),
  phone: t('leadReports.import.phone'),
  rejectedCount: (count) => t('leadReports.import.rejectedCount', { count }),
  reason: (reason) => t([`leadReports.import.reasons.${reason}`, `users.import.reasons.${reason}`]),
  added: (count) => t('leadReports.import.added', { count }),
});
