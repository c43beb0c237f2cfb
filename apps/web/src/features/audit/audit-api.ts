import { AUDIT_EXPORT_PATH, type AuditQuery, auditRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { downloadReport } from '../reports/reports-api';

const auditKey = ['audit'] as const;

/** GET /audit: the audit table of a branch and period (the staff filter is applied by the server). */
export const useAuditTable = (query: AuditQuery) =>
  useQuery({
    queryKey: [...auditKey, query],
    queryFn: () => api(auditRoutes.auditTable, { query }),
    placeholderData: keepPreviousData,
  });

/** The same filters as an Excel file, headings in the interface's language. */
export const downloadAudit = (query: AuditQuery, language: string) =>
  downloadReport(AUDIT_EXPORT_PATH, { ...query, lang: language }, `audit-${query.from}_${query.till}.xlsx`);
