import type {
  Expense,
  ExpenseCategory,
  ExpenseChart,
  ExpenseInput,
  ExpenseList,
  ExpenseTotals,
  ExpenseType,
  ExpenseTypeInput,
  ExpenseUpdate,
  PaymentMethod,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { moneyKey } from '../finance/money-api';

export const EXPENSES_PER_PAGE = 20;

/** The filters of the cost page (contracts expenseFilterSchema); empty values are not sent. */
export interface ExpenseFilters {
  branch_id: number;
  from_date: string;
  to_date: string;
  category?: ExpenseCategory;
  type_id?: number;
  method?: PaymentMethod;
}

/** Everything the cost page shows: the list, its totals and the chart change together after a write. */
const expensesKey = ['expenses'] as const;
const typesKey = ['expense-types'] as const;

export const useExpenses = (filters: ExpenseFilters, page: number) =>
  useQuery({
    queryKey: [...expensesKey, 'list', filters, page],
    queryFn: () => apiRequest<ExpenseList>('/expense', { query: { ...filters, page, per_page: EXPENSES_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

export const useExpenseTotals = (filters: ExpenseFilters) =>
  useQuery({
    queryKey: [...expensesKey, 'totals', filters],
    queryFn: () => apiRequest<ExpenseTotals>('/expense/totals', { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });

export const useExpenseChart = (period: { branch_id: number; from_date: string; to_date: string }) =>
  useQuery({
    queryKey: [...expensesKey, 'chart', period],
    queryFn: () => apiRequest<ExpenseChart>('/expense/expense-chart', { query: { ...period } }),
    placeholderData: keepPreviousData,
  });

/** The branch's employees who can receive an expense (for the payee field). */
export const useExpensePayees = (branchId: number) =>
  useQuery({
    queryKey: [...expensesKey, 'payees', branchId],
    queryFn: () =>
      apiRequest<{ data: { id: number; name: string }[] }>('/expense/payees', { query: { branch_id: branchId } }),
    select: (answer) => answer.data,
    staleTime: 60_000,
  });

export const useExpenseTypes = () =>
  useQuery({
    queryKey: typesKey,
    queryFn: () => apiRequest<{ data: ExpenseType[] }>('/expense_types'),
    select: (answer) => answer.data,
    staleTime: 30_000,
  });

/**
 * Writes of expenses. A new expense carries an Idempotency-Key chosen when its dialog
 * opened, so a double click or a retry after a lost answer books the money once.
 */
export function useExpenseMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expensesKey }),
      // A type's usage count changes with its expenses.
      queryClient.invalidateQueries({ queryKey: typesKey }),
      // An expense moves the money reports (profit).
      queryClient.invalidateQueries({ queryKey: moneyKey }),
    ]);
  const create = useMutation({
    mutationFn: ({ key, ...input }: ExpenseInput & { key: string }) =>
      apiRequest<Expense>('/expense', { method: 'POST', body: input, idempotencyKey: key }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: ExpenseUpdate & { id: number }) =>
      apiRequest<Expense>(`/expense/${id}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`/expense/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}

/** POST /expense_types, PUT and DELETE /expense_types/{id}. A rename renames the category of listed expenses too. */
export function useExpenseTypeMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: typesKey }),
      queryClient.invalidateQueries({ queryKey: expensesKey }),
    ]);
  const create = useMutation({
    mutationFn: (input: ExpenseTypeInput) => apiRequest<ExpenseType>('/expense_types', { method: 'POST', body: input }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: ExpenseTypeInput & { id: number }) =>
      apiRequest<ExpenseType>(`/expense_types/${id}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      apiRequest<{ ok: true; deactivated: boolean }>(`/expense_types/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}
