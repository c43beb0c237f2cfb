import {
  type ReminderInput,
  type ReminderListInput,
  type ReminderOptionKind,
  type ReminderStatusInput,
  reminderRoutes,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

export const remindersKey = ['reminders'] as const;
const countsKey = [...remindersKey, 'counts'] as const;

/** The header's badge reads again each minute (spec: a task due now is told of while the app is open). */
export const COUNTS_REFRESH_MS = 60_000;

/** The key of the bell's notice of a due task: answering the task closes it. */
export const dueNoticeKey = (id: number) => `reminder-due-${id}`;

/** Spec §5: empty filter values are not sent. */
export function withoutEmpty<T extends Record<string, unknown>>(filters: T): T {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  ) as T;
}

/** POST /reminder/index: the buckets of a branch (or, without one, of all the caller's branches). */
export const useReminderList = (
  branchId: number | undefined,
  filters: ReminderListInput,
  options: { enabled?: boolean; handleErrors?: boolean } = {},
) =>
  useQuery({
    queryKey: [...remindersKey, 'list', branchId ?? null, filters],
    queryFn: () =>
      api(reminderRoutes.listReminders, {
        query: { branch_id: branchId },
        body: withoutEmpty(filters),
        handleErrors: options.handleErrors,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    retry: false,
  });

/** GET /reminder/counts: stops asking once the server says the user has no reminders. */
export const useReminderCounts = () =>
  useQuery({
    queryKey: countsKey,
    queryFn: () => api(reminderRoutes.reminderCounts),
    refetchInterval: (query) => (query.state.data?.available === false ? false : COUNTS_REFRESH_MS),
    refetchIntervalInBackground: true,
  });

/** GET /reminder/options: a picker's matches (the server applies who may pick whom). */
export const useReminderOptions = (
  kind: ReminderOptionKind,
  search: string,
  branchId: number | undefined,
  enabled = true,
) =>
  useQuery({
    queryKey: [...remindersKey, 'options', kind, search, branchId ?? null],
    queryFn: () => api(reminderRoutes.reminderOptions, { query: withoutEmpty({ kind, search, branch_id: branchId }) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });

/** A change of a task changes the lists and the badge: every reminders query is read again. */
function useRemindersMutation<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: remindersKey }) });
}

export function useReminderMutations() {
  return {
    create: useRemindersMutation(({ branchId, ...body }: ReminderInput & { branchId: number }) =>
      api(reminderRoutes.createReminder, { query: { branch_id: branchId }, body }),
    ),
    update: useRemindersMutation(({ id, ...body }: ReminderInput & { id: number }) =>
      api(reminderRoutes.updateReminder, { params: { id }, body }),
    ),
    remove: useRemindersMutation((id: number) => api(reminderRoutes.deleteReminder, { params: { id } })),
    setStatus: useRemindersMutation(({ id, ...body }: ReminderStatusInput & { id: number }) =>
      api(reminderRoutes.changeReminderStatus, { params: { id }, body }),
    ),
  };
}

/** POST /reminder/notified: the notices just shown; the badge is not read again for it. */
export const useMarkNotified = () =>
  useMutation({ mutationFn: (ids: number[]) => api(reminderRoutes.markRemindersNotified, { body: { ids } }) });
