import type {
  ActiveStudentsQuery,
  ClientListQuery,
  DiscountListQuery,
  LeftStatisticsQuery,
  ReachabilityQuery,
} from '@crm/contracts';
import { reportRoutes } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

/** The queries of the remaining reports (contracts reportRoutes), as parsed values; empty values are not sent. */
export type { LeftStatisticsQuery };
export type ClientsQuery = ClientListQuery;
export type DiscountsQuery = DiscountListQuery;

const reportsKey = ['reports'] as const;

export const useReachability = (query: ReachabilityQuery) =>
  useQuery({
    queryKey: [...reportsKey, 'reachability', query],
    queryFn: () => api(reportRoutes.reachability, { query }),
    placeholderData: keepPreviousData,
  });

export const useActiveStudents = (query: ActiveStudentsQuery) =>
  useQuery({
    queryKey: [...reportsKey, 'active-students', query],
    queryFn: () => api(reportRoutes.activeStudents, { query }),
    placeholderData: keepPreviousData,
  });

export const useClients = (query: ClientsQuery) =>
  useQuery({
    queryKey: [...reportsKey, 'clients', query],
    queryFn: () => api(reportRoutes.clients, { query }),
    placeholderData: keepPreviousData,
  });

export const useLeftStatistics = (query: LeftStatisticsQuery) =>
  useQuery({
    queryKey: [...reportsKey, 'left-statistics', query],
    queryFn: () => api(reportRoutes.leftStatistics, { query }),
    placeholderData: keepPreviousData,
  });

export const useDiscounts = (query: DiscountsQuery) =>
  useQuery({
    queryKey: [...reportsKey, 'discounts', query],
    queryFn: () => api(reportRoutes.discounts, { query }),
    placeholderData: keepPreviousData,
  });
