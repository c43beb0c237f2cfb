import type {
  LedgerEntry,
  PaymentCreate,
  PaymentList,
  PaymentMethod,
  PaymentUpdate,
  RefundCreate,
  StudentBalance,
  WriteOffCreate,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import type { ListResponse } from '../../shared/api/list-response';

/** Every money query starts with this key, so a booking refreshes money screens only. */
export const moneyKey = ['money'] as const;
const balanceKey = (studentId: number) => [...moneyKey, 'balance', studentId] as const;
const ledgerKey = (studentId: number) => [...moneyKey, 'ledger', studentId] as const;
const paymentsKey = [...moneyKey, 'payments'] as const;
const paymentKey = (id: number) => [...moneyKey, 'payment', id] as const;

export const LEDGER_PAGE_SIZE = 20;
export const PAYMENTS_PAGE_SIZE = 50;

export const useStudentBalance = (studentId: number) =>
  useQuery({
    queryKey: balanceKey(studentId),
    queryFn: () => apiRequest<StudentBalance>(`/user/${studentId}/balance`),
  });

/** GET /user/{id}/ledger: every entry of the student, newest first. */
export const useStudentLedger = (studentId: number, page: number) =>
  useQuery({
    queryKey: [...ledgerKey(studentId), page],
    queryFn: () =>
      apiRequest<ListResponse<LedgerEntry>>(`/user/${studentId}/ledger`, {
        query: { page, per_page: LEDGER_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

/** The filters of GET /payment that the payments page offers; empty values are not sent. */
export interface PaymentFilters {
  from: string;
  to: string;
  method?: PaymentMethod;
  student_id?: number;
  with_reversed?: boolean;
}

export const usePayments = (branchId: number, filters: PaymentFilters, page: number) =>
  useQuery({
    queryKey: [...paymentsKey, branchId, filters, page],
    queryFn: () =>
      apiRequest<PaymentList>('/payment', {
        query: {
          branch_id: branchId,
          from: filters.from,
          to: filters.to,
          method: filters.method,
          student_id: filters.student_id,
          with_reversed: filters.with_reversed ? 1 : undefined,
          page,
          per_page: PAYMENTS_PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** GET /payment/{id}: one payment, for its receipt. */
export const usePayment = (id: number) =>
  useQuery({
    queryKey: paymentKey(id),
    queryFn: () => apiRequest<LedgerEntry>(`/payment/${id}`),
    retry: false,
  });

/** A money write and the Idempotency-Key of the dialog that sends it. */
interface Keyed<T> {
  input: T;
  key: string;
}

/**
 * One money write. On success every money screen refreshes (balances, ledgers, payment lists, debtors,
 * finance reports): one payment moves figures on all of them.
 */
function useMoneyWrite<T>(request: (variables: T) => Promise<LedgerEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyKey }),
  });
}

/** The money writes; each sends its dialog's Idempotency-Key, so a repeat books nothing twice. */
export function useMoneyMutations() {
  return {
    pay: useMoneyWrite(({ input, key }: Keyed<PaymentCreate>) =>
      apiRequest<LedgerEntry>('/payment', { method: 'POST', body: input, idempotencyKey: key }),
    ),
    refund: useMoneyWrite(({ input, key }: Keyed<RefundCreate>) =>
      apiRequest<LedgerEntry>('/refund', { method: 'POST', body: input, idempotencyKey: key }),
    ),
    writeOff: useMoneyWrite(({ input, key, studentId }: Keyed<WriteOffCreate> & { studentId: number }) =>
      apiRequest<LedgerEntry>(`/write-off/custom/${studentId}`, { method: 'POST', body: input, idempotencyKey: key }),
    ),
    /** PUT /payment/{id}: the old payment is reversed and a new one booked in its place. */
    editPayment: useMoneyWrite(({ input, key, id }: Keyed<PaymentUpdate> & { id: number }) =>
      apiRequest<LedgerEntry>(`/payment/${id}`, { method: 'PUT', body: input, idempotencyKey: key }),
    ),
    /** DELETE /payment/{id} or /write-off/{id}: a reversal with its reason. */
    cancel: useMoneyWrite(({ entry, reason, key }: { entry: LedgerEntry; reason: string; key: string }) =>
      apiRequest<LedgerEntry>(`/${entry.kind === 'write_off' ? 'write-off' : 'payment'}/${entry.id}`, {
        method: 'DELETE',
        query: { reason },
        idempotencyKey: key,
      }),
    ),
  };
}
