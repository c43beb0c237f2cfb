import type { DebtorListName, DebtorsList } from '@crm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { companyToday } from '../../shared/session/company-today';
import { moneyKey } from '../finance/money-api';
import { downloadReport } from '../reports/reports-api';

export const DEBTORS_PAGE_SIZE = 50;

/** The page's filters of POST /user/debtors/{list}/{branch_id}; empty values are not sent. */
export interface DebtorFilters {
  name_or_phone?: string;
  group_id?: number;
}

/** Under the money key: a payment, refund or write-off anywhere refreshes the lists. */
export const debtorsKey = [...moneyKey, 'debtors'] as const;

export const useDebtors = (list: DebtorListName, branchId: number, filters: DebtorFilters, page: number) =>
  useQuery({
    queryKey: [...debtorsKey, list, branchId, filters, page],
    queryFn: () =>
      apiRequest<DebtorsList>(`/user/debtors/${list}/${branchId}`, {
        method: 'POST',
        body: { ...filters, name_or_phone: filters.name_or_phone || undefined, page, per_page: DEBTORS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /user/debtors-export/{branch_id} with the list's filters, in the interface's language. Without dates the
 * server takes the company's today as date_end and the first of its month as date_start: the debtors of today
 * with this month's payments and charges.
 */
export const downloadDebtors = (branchId: number, filters: DebtorFilters, language: string) =>
  downloadReport(`/user/debtors-export/${branchId}`, { ...filters, lang: language }, `debtors-${companyToday()}.xlsx`);
