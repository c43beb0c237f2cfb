import {
  CALL_RECORD_PATH,
  type CallHistoryQuery,
  type Lead,
  type phoneSearchItemSchema,
  telephonyRoutes,
  type VoipSettings,
  type VoipSettingsInput,
  type VoipUsersInput,
} from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, routePath } from '../../shared/api/api';
import { apiRequest, buildUrl } from '../../shared/api/api-client';
import { ApiError, apiErrorFrom } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { getSession } from '../../shared/session/session-store';

/** Issue 22's calls (contracts `telephonyRoutes`), each cached under the one key of its domain. */

export const telephonyKey = ['telephony'] as const;
const settingsKey = [...telephonyKey, 'settings'] as const;
const extensionsKey = (accountId: number) => [...telephonyKey, 'extensions', accountId] as const;
export const meKey = [...telephonyKey, 'me'] as const;
export const historyKey = [...telephonyKey, 'history'] as const;

/** GET /voip/me: the caller's own SIP line (sip null: not mapped, spec §6). Asked once a session. */
export const useVoipMe = () =>
  useQuery({ queryKey: meKey, queryFn: () => api(telephonyRoutes.me), staleTime: Number.POSITIVE_INFINITY });

/** GET /voip/settings: the accounts (never their keys), the country code and the users' extensions. */
export const useVoipSettings = () => useQuery({ queryKey: settingsKey, queryFn: () => api(telephonyRoutes.settings) });

/** Saving the accounts or the mapping answers the whole settings; the caller's own line may have changed. */
export function useVoipWrites() {
  const queryClient = useQueryClient();
  const remember = (saved: VoipSettings) => {
    queryClient.setQueryData(settingsKey, saved);
    return queryClient.invalidateQueries({ queryKey: meKey });
  };
  const saveSettings = useMutation({
    mutationFn: (body: VoipSettingsInput) => api(telephonyRoutes.saveSettings, { body }),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: [...telephonyKey, 'extensions'] });
      return remember(saved);
    },
  });
  const saveUsers = useMutation({
    mutationFn: (body: VoipUsersInput) => api(telephonyRoutes.saveUsers, { body }),
    onSuccess: remember,
  });
  return { saveSettings, saveUsers };
}

/** GET /voip/accounts/{id}/extensions: the account's extensions as OnlinePBX lists them. */
export const useExtensions = (accountId: number) =>
  useQuery({
    queryKey: extensionsKey(accountId),
    queryFn: () => api(telephonyRoutes.extensions, { params: { id: accountId } }),
  });

/** GET /call/history of a period (at most a week, spec §9). */
export const useCallHistory = (query: CallHistoryQuery) =>
  useQuery({ queryKey: [...historyKey, query], queryFn: () => api(telephonyRoutes.history, { query }) });

/** POST /call/transfer; spec §8: a failed transfer is only logged. */
export const transferCall = (callId: string, destination: string): Promise<void> =>
  api(telephonyRoutes.transfer, { body: { call_id: callId, destination } }).then(
    () => undefined,
    (error: unknown) => console.warn('call transfer failed', error),
  );

/** Spec §3 "phone profile search result: id, role, name" (role: a numeric role id). */
export type PhoneSearchItem = ReturnType<(typeof phoneSearchItemSchema)['parse']>;

/**
 * GET /phone_search: who has this number (the call widget's caller card). Outside the route table (users module).
 * A refusal is not announced app-wide: the card then shows the number alone.
 */
export const usePhoneSearch = (phone: string | null) =>
  useQuery({
    queryKey: ['users', 'phone-search', phone],
    queryFn: () =>
      apiRequest<{ data: PhoneSearchItem[] }>('/phone_search', { query: { phone }, handleErrors: false }).then(
        (answer) => answer.data,
      ),
    enabled: phone !== null && phone.replace(/\D/g, '').length >= 3,
    staleTime: 60_000,
  });

/**
 * The branch's leads with this number (GET /leadData's search also looks among phones' digits): the caller card's
 * second guess when no person has it. Without the leads area the answer is a refusal, not announced: no lead shown.
 */
export const useLeadsByPhone = (national: string, branchId: number | null, enabled: boolean) =>
  useQuery({
    queryKey: [...telephonyKey, 'leads-by-phone', national, branchId],
    queryFn: () =>
      apiRequest<{ data: Lead[] }>('/leadData', {
        query: { branch_id: branchId, search: national, page: 1, per_page: 3 },
        handleErrors: false,
      }).then((answer) => answer.data),
    enabled: enabled && branchId !== null && national.length >= 3,
    staleTime: 60_000,
  });

/** GET /call/record/{uuid}: the recording's bytes, asked with the caller's token (an <audio> cannot send it). */
export async function fetchRecording(uuid: string): Promise<Blob> {
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch(buildUrl(routePath(CALL_RECORD_PATH, { uuid })), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) throw await apiErrorFrom(response);
  return response.blob();
}

/** Spec §8: the provider's refusal reads `OnlinePBX: {its comment}`; any other error by its code. */
export function telephonyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'onlinepbx_refused') {
    const comment = (error.details as { comment?: unknown } | undefined)?.comment;
    if (typeof comment === 'string' && comment.trim()) return `OnlinePBX: ${comment}`;
  }
  return errorMessage(t, error);
}
