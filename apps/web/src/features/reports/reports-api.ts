import type { AttendanceReport, Group, SkipClassesRow } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, buildUrl } from '../../shared/api/api-client';
import { apiErrorFrom } from '../../shared/api/api-error';
import type { ListResponse } from '../../shared/api/list-response';
import { getSession } from '../../shared/session/session-store';

export const REPORT_PER_PAGE = 50;

/** The filters both attendance reports take (contracts reportPeriodSchema); empty values are not sent. */
export interface ReportFilters {
  branch_id: number;
  from: string;
  till: string;
  group_id?: number;
  teacher_id?: number;
  course_id?: number;
}

export interface SkipClassesFilters extends ReportFilters {
  in_a_row: number;
  percent: number;
}

const reportsKey = ['reports'] as const;

export const useAttendanceReport = (filters: ReportFilters, page: number) =>
  useQuery({
    queryKey: [...reportsKey, 'attendance', filters, page],
    queryFn: () =>
      apiRequest<AttendanceReport>('/attendance_report/', {
        query: { ...filters, page, per_page: REPORT_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

export const useSkipClasses = (filters: SkipClassesFilters, page: number) =>
  useQuery({
    queryKey: [...reportsKey, 'skip-classes', filters, page],
    queryFn: () =>
      apiRequest<ListResponse<SkipClassesRow>>('/reports/skip-classes', {
        query: { ...filters, page, per_page: REPORT_PER_PAGE },
      }),
    placeholderData: keepPreviousData,
  });

/** The branch's groups to filter by (the list's default: every status but archived). */
export const useReportGroupOptions = (branchId: number) =>
  useQuery({
    queryKey: ['groups', 'list', 'report-options', branchId],
    queryFn: () => apiRequest<ListResponse<Group>>('/group', { query: { branch_id: branchId, per_page: 500 } }),
    select: (answer) => answer.data.map((group) => ({ value: group.id, label: group.title })),
    staleTime: 60_000,
  });

/**
 * Downloads a report's Excel file with the page's filters, in the interface's
 * language (the same fetch-and-save as the groups export, for any report path).
 */
export async function downloadReport(
  path: string,
  query: Record<string, string | number | undefined>,
  fileName: string,
): Promise<void> {
  const { token } = getSession();
  const response = await fetch(buildUrl(path, query), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await apiErrorFrom(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
