import type {
  PaymentMethod,
  SalaryCalculated,
  SalaryDetail,
  SalaryList,
  SalarySetting,
  SalarySettingInput,
  SalarySettingList,
  SalaryStatus,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { moneyKey } from '../finance/money-api';

export const SALARIES_PER_PAGE = 50;

/** Salaries are money: their keys start with ['money'], so any booking (and their own) refreshes them. */
const salariesKey = [...moneyKey, 'salaries'] as const;
const settingsKey = ['salary-settings'] as const;

export interface SalaryFilters {
  /** Absent for a teacher's own months (the server takes his own). */
  branch_id?: number;
  month?: string;
  status?: SalaryStatus;
}

export const useSalaries = (filters: SalaryFilters, page = 1, perPage = SALARIES_PER_PAGE) =>
  useQuery({
    queryKey: [...salariesKey, 'list', filters, page, perPage],
    queryFn: () => apiRequest<SalaryList>('/salaries', { query: { ...filters, page, per_page: perPage } }),
    placeholderData: keepPreviousData,
  });

/** GET /salaries/{id}: a salary with every line it counts. */
export const useSalary = (id: number | null) =>
  useQuery({
    queryKey: [...salariesKey, 'detail', id],
    queryFn: () => apiRequest<SalaryDetail>(`/salaries/${id}`),
    enabled: id !== null,
  });

export const useSalarySettings = (companyId: number | undefined) =>
  useQuery({
    queryKey: [...settingsKey, companyId],
    queryFn: () => apiRequest<SalarySettingList>(`/company/${companyId}/teacher_salary_settings`),
    enabled: companyId !== undefined,
  });

/** Calculate, publish and unpublish: each refreshes every salary screen (publishing also moves money). */
export function useSalaryMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: moneyKey });
  const calculate = useMutation({
    mutationFn: (input: { month: string; branch_id: number; teacher_id?: number }) =>
      apiRequest<SalaryCalculated>('/salaries/calculate', { method: 'POST', body: input }),
    onSuccess,
  });
  const publish = useMutation({
    mutationFn: ({ id, method, key }: { id: number; method: PaymentMethod; key: string }) =>
      apiRequest<SalaryDetail>(`/salaries/${id}/publish`, { method: 'POST', body: { method }, idempotencyKey: key }),
    onSuccess,
  });
  const unpublish = useMutation({
    mutationFn: ({ id, reason, key }: { id: number; reason: string; key: string }) =>
      apiRequest<SalaryDetail>(`/salaries/${id}/unpublish`, { method: 'POST', body: { reason }, idempotencyKey: key }),
    onSuccess,
  });
  return { calculate, publish, unpublish };
}

/** The rules of pay (spec §7 /company/{id}/teacher_salary_settings). */
export function useSalarySettingMutations(companyId: number) {
  const queryClient = useQueryClient();
  const base = `/company/${companyId}/teacher_salary_settings`;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: settingsKey });
  const create = useMutation({
    mutationFn: (input: SalarySettingInput) => apiRequest<SalarySetting>(base, { method: 'POST', body: input }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...input }: SalarySettingInput & { id: number }) =>
      apiRequest<SalarySetting>(`${base}/${id}`, { method: 'PUT', body: input }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<{ ok: true }>(`${base}/${id}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { create, update, remove };
}
