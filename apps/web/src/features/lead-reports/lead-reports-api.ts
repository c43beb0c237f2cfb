import type { JobStarted, LeadColumn, LeadConversion, LeadImportResult, LeadSearch } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { uploadSpreadsheet } from '../../shared/spreadsheet-import/upload-spreadsheet';
import { downloadXlsx } from '../users/users-api';

/** GET /leadReport/: the branch and the period, both ends included (`to` as the API names it). */
export interface LeadReportQuery {
  branch_id: number;
  from: string;
  to: string;
}

/**
 * Keys start with 'leads': whatever refreshes the lead pages after a change of leads
 * (invalidating ['leads']) refreshes the statistics too.
 */
export const leadReportKey = (query: LeadReportQuery) => ['leads', 'report', query] as const;

export const useLeadReport = (query: LeadReportQuery) =>
  useQuery({
    queryKey: leadReportKey(query),
    queryFn: () => apiRequest<LeadConversion>('/leadReport/', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /leadExport: the board's search (contracts leadSearchSchema) and which leads — `archived`
 * '0' (default) the board's cards, '1' the archive, 'all' every lead of the branch.
 */
export type LeadExportFilters = Partial<Omit<LeadSearch, 'branch_id'>> & {
  column?: LeadColumn;
  archived?: '0' | '1' | 'all';
};

export const downloadLeadExport = (branchId: number, filters: LeadExportFilters, language: string, name: string) =>
  downloadXlsx('/leadExport', { ...filters, branch_id: branchId, lang: language }, name);

export const downloadLeadSample = (language: string, name: string) =>
  downloadXlsx('/leads/import/sample', { lang: language }, name);

/** POST /leads/import: the students import's answer plus the rows that became leads. */
export type { LeadImportResult };

/** POST leads/import?branch_id with the file as multipart: the import job's id (issue 15). */
export const uploadLeads = (file: File, branchId: number) =>
  uploadSpreadsheet<JobStarted>('/leads/import', file, { branch_id: branchId });
