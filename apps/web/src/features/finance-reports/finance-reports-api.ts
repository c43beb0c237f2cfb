import type { CoursePayments, GroupPayments, MoneyChart, Profit, WithdrawList, WithdrawTotals } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { moneyKey } from '../finance/money-api';

export const WITHDRAWS_PER_PAGE = 50;

/** Spec §7 "(branch_id, from, to)": a branch and a period of whole days, both ends included. */
export interface BranchPeriod {
  branch_id: number;
  from: string;
  to: string;
}

export interface WithdrawFilters extends BranchPeriod {
  group_id?: number;
}

export interface PaymentsByFilters extends BranchPeriod {
  course_id?: number;
}

/**
 * Under the money key: a payment, refund or correction invalidates ['money'], and every
 * report here refreshes with it.
 */
const reportsKey = [...moneyKey, 'reports'] as const;

/** One GET of a report; the last answer stays on screen while a new filter loads. */
const useReport = <T>(name: string, path: string, query: object) =>
  useQuery({
    queryKey: [...reportsKey, name, query],
    queryFn: () => apiRequest<T>(path, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const useProfit = (period: BranchPeriod) => useReport<Profit>('profit', '/replenishments/profit', period);

export const useDebitChart = (period: BranchPeriod) =>
  useReport<MoneyChart>('debit-chart', '/replenishments/debit_char', period);

export const useCreditChart = (period: WithdrawFilters) =>
  useReport<MoneyChart>('credit-chart', '/withdraws/credit_char', period);

export const useWithdraws = (filters: WithdrawFilters, page: number) =>
  useReport<WithdrawList>('withdraws', '/withdraws', { ...filters, page, per_page: WITHDRAWS_PER_PAGE });

export const useWithdrawTotals = (filters: WithdrawFilters) =>
  useReport<WithdrawTotals>('withdraw-totals', '/withdraws/totals', filters);

export const useGroupPayments = (filters: PaymentsByFilters) =>
  useReport<GroupPayments>('by-groups', '/replenishments/by-groups', filters);

export const useCoursePayments = (filters: PaymentsByFilters) =>
  useReport<CoursePayments>('by-courses', '/replenishments/by-courses', filters);
