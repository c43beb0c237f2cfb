import {
  type AutoSmsRule,
  FINAL_SMS_STATES,
  type RouteBody,
  type RouteResponse,
  type SmsMessage,
  type SmsSend,
  type SmsState,
  smsRoutes,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

export const smsKey = ['sms'] as const;
const templatesKey = [...smsKey, 'templates'] as const;
const autoRulesKey = [...smsKey, 'auto-rules'] as const;
const settingsKey = [...smsKey, 'settings'] as const;

export const SMS_PAGE_SIZE = 50;
export const SMS_HISTORY_PAGE_SIZE = 20;
/** How often a list with undelivered messages asks again: the operator reports states within seconds. */
export const SMS_POLL_MS = 10_000;

/**
 * How long after sending a message's state is still expected to change: an operator reports within minutes,
 * and one that never reports (a lost callback) must not keep a page asking for ever.
 */
export const SMS_AWAIT_REPORT_MS = 60 * 60_000;

/** Whether a shown message may still change its state: not final, and sent within the last hour. */
export const awaitingDelivery = (messages: readonly SmsMessage[] | undefined, now = Date.now()): boolean =>
  (messages ?? []).some(
    (message) =>
      !FINAL_SMS_STATES.includes(message.state) && now - Date.parse(message.created_at) < SMS_AWAIT_REPORT_MS,
  );

/** Asks again every ~10 s while a shown message can still change its state, else not at all. */
const pollWhileWaiting = (query: { state: { data?: { data: SmsMessage[] } } }) =>
  awaitingDelivery(query.state.data?.data) ? SMS_POLL_MS : false;

export interface SmsLogFilters {
  date_from?: string;
  date_to?: string;
  state?: SmsState;
  kind?: 'manual' | 'auto';
  search?: string;
}

/** GET /sms: the sent SMS of the branch, newest first, and the month's use. */
export const useSmsLog = (filters: SmsLogFilters, page: number, branchId: number | null) =>
  useQuery({
    queryKey: [...smsKey, 'log', filters, page, branchId],
    queryFn: () =>
      api(smsRoutes.log, {
        query: {
          ...filters,
          search: filters.search?.trim(),
          page,
          per_page: SMS_PAGE_SIZE,
          branch_id: branchId ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileWaiting,
  });

/** GET /user/{id}/sms_history: what was sent to a student or his parent. */
export const useSmsHistory = (userId: number, page: number) =>
  useQuery({
    queryKey: [...smsKey, 'history', userId, page],
    queryFn: () =>
      api(smsRoutes.userHistory, { params: { id: userId }, query: { page, per_page: SMS_HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileWaiting,
  });

export const useSmsTemplates = (enabled = true) =>
  useQuery({ queryKey: templatesKey, queryFn: () => api(smsRoutes.templates), staleTime: 60_000, enabled });

type TemplateInput = RouteBody<typeof smsRoutes.createTemplate>;

export function useTemplateMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: templatesKey });
  return {
    create: useMutation({ mutationFn: (body: TemplateInput) => api(smsRoutes.createTemplate, { body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ id, ...body }: TemplateInput & { id: number }) =>
        api(smsRoutes.updateTemplate, { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => api(smsRoutes.deleteTemplate, { params: { id } }),
      onSuccess,
    }),
  };
}

/** POST /sms/preview and POST /sms/send; a send refreshes the log, the histories and the month's use. */
export function useSendSms() {
  const queryClient = useQueryClient();
  return {
    preview: useMutation({ mutationFn: (body: SmsSend) => api(smsRoutes.preview, { body }) }),
    send: useMutation({
      mutationFn: ({ body, key }: { body: SmsSend; key: string }) => api(smsRoutes.send, { body, idempotencyKey: key }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: smsKey }),
    }),
  };
}

export const useAutoRules = () => useQuery({ queryKey: autoRulesKey, queryFn: () => api(smsRoutes.autoRules) });

export type AutoRuleUpdate = RouteBody<typeof smsRoutes.updateAutoRule>;

export function useUpdateAutoRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, body }: { rule: AutoSmsRule; body: AutoRuleUpdate }) =>
      api(smsRoutes.updateAutoRule, { params: { rule }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(autoRulesKey, (current: RouteResponse<typeof smsRoutes.autoRules> | undefined) =>
        current ? { ...current, data: current.data.map((rule) => (rule.rule === saved.rule ? saved : rule)) } : current,
      );
      // Tomorrow's list depends on the switch, days and text just saved.
      void queryClient.invalidateQueries({ queryKey: [...autoRulesKey, 'preview', saved.rule] });
    },
  });
}

/** GET /auto-sms/{rule}/preview: who a daily rule reaches tomorrow at 9:00 (asked for on demand). */
export const useAutoRulePreview = (rule: AutoSmsRule, enabled: boolean) =>
  useQuery({
    queryKey: [...autoRulesKey, 'preview', rule],
    queryFn: () => api(smsRoutes.previewAutoRule, { params: { rule } }),
    enabled,
  });

export const useSmsSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => api(smsRoutes.settings) });

export type SmsSettingsUpdate = RouteBody<typeof smsRoutes.updateSettings>;

export function useUpdateSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SmsSettingsUpdate) => api(smsRoutes.updateSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // The log's header shows the same use and operator.
      void queryClient.invalidateQueries({ queryKey: [...smsKey, 'log'] });
    },
  });
}
