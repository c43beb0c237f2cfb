import { type PerformanceQuery, performanceRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { downloadReport } from '../reports/reports-api';

/** The filters of every performance read (contracts performanceQuerySchema); empty values are not sent. */
export type PerformanceFilters = PerformanceQuery;

/**
 * Which table a page reads: the performance pages (area `performance`, the limited admin too) read
 * /performance/*, the reports page (area `reports`) the §7 /reports/* calls; the figures are the same.
 */
export type PerformanceSource = 'performance' | 'reports';

const ROUTES = {
  teacher: {
    performance: performanceRoutes.teacherPerformance,
    reports: performanceRoutes.teachersProductivity,
  },
  course: {
    performance: performanceRoutes.coursePerformance,
    reports: performanceRoutes.coursesProductivity,
  },
} as const;

export type PerformanceBy = keyof typeof ROUTES;

const performanceKey = ['performance'] as const;

/** The teachers' or the courses' table; the last answer stays on screen while a new filter loads. */
export const useTeacherPerformance = (filters: PerformanceFilters, source: PerformanceSource) =>
  useQuery({
    queryKey: [...performanceKey, 'teacher', source, filters],
    queryFn: () => api(ROUTES.teacher[source], { query: filters }),
    placeholderData: keepPreviousData,
  });

export const useCoursePerformance = (filters: PerformanceFilters, source: PerformanceSource) =>
  useQuery({
    queryKey: [...performanceKey, 'course', source, filters],
    queryFn: () => api(ROUTES.course[source], { query: filters }),
    placeholderData: keepPreviousData,
  });

export const useStudentsActivity = (filters: PerformanceFilters) =>
  useQuery({
    queryKey: [...performanceKey, 'activity', filters],
    queryFn: () => api(performanceRoutes.studentsActivity, { query: filters }),
    placeholderData: keepPreviousData,
  });

/** The table's Excel file with the page's filters, its headings in the interface's language. */
export const downloadPerformance = (by: PerformanceBy, filters: PerformanceFilters, language: string) =>
  downloadReport(
    `${ROUTES[by].performance.path}/export`,
    { ...filters, lang: language },
    `${by}-performance-${filters.from}_${filters.till}.xlsx`,
  );
