import { type DashboardQuery, dashboardRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

export const dashboardKey = ['dashboard'] as const;

/** Every card of the home page in one request (GET /dashboard); a filter change keeps the old figures shown. */
export const useDashboard = (query: DashboardQuery, enabled = true) =>
  useQuery({
    queryKey: [...dashboardKey, query],
    queryFn: () => api(dashboardRoutes.getDashboard, { query }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
