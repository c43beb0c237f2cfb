import {
  type ConsoleAuditQuery,
  type ConsoleCompany,
  type ConsoleCompanyQuery,
  consoleRoutes,
  type PlatformSettings,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { routePath } from '../../shared/api/api';
import { buildUrl } from '../../shared/api/api-client';
import { ApiError, apiErrorFrom } from '../../shared/api/api-error';
import { clearConsoleSession, getConsoleSession } from './console-session';

/**
 * Calls a console route with the console's own token (never a centre's: the app-wide client sends the
 * centre session's). A 401 ends the console session, and the console's guard shows its log-in page.
 */
export async function consoleApi<D extends RouteDefinition>(
  route: D,
  input: { body?: RouteBody<D>; query?: RouteQuery<D>; params?: RouteParams<D> } = {},
): Promise<RouteResponse<D>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'uz' };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getConsoleSession()?.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(
      buildUrl(
        routePath(route.path, input.params as Record<string, unknown> | undefined),
        input.query as Record<string, string | number | undefined>,
      ),
      { method: route.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) },
    );
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (response.ok) return (await response.json()) as RouteResponse<D>;
  const error = await apiErrorFrom(response);
  if (error.status === 401 && route.path !== consoleRoutes.login.path) clearConsoleSession();
  throw error;
}

const COMPANIES = ['console', 'companies'] as const;
const AUDIT = ['console', 'audit'] as const;
const SETTINGS = ['console', 'settings'] as const;

export const useConsoleCompanies = (query: ConsoleCompanyQuery) =>
  useQuery({
    queryKey: [...COMPANIES, query],
    queryFn: () => consoleApi(consoleRoutes.listCompanies, { query }),
    placeholderData: keepPreviousData,
  });

export const useConsoleAudit = (query: ConsoleAuditQuery) =>
  useQuery({
    queryKey: [...AUDIT, query],
    queryFn: () => consoleApi(consoleRoutes.audit, { query }),
    placeholderData: keepPreviousData,
  });

export const useConsoleSettings = () =>
  useQuery({ queryKey: SETTINGS, queryFn: () => consoleApi(consoleRoutes.settings) });

/** An action on one centre: the list shows its answer, and the audit log has a new line. */
function useCompanyAction<V>(send: (variables: V) => Promise<ConsoleCompany>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: COMPANIES });
      void client.invalidateQueries({ queryKey: AUDIT });
    },
  });
}

export type CompanyActionInput =
  | { kind: 'disable' | 'enable'; id: number; body: RouteBody<typeof consoleRoutes.disableCompany> }
  | { kind: 'licence'; id: number; body: RouteBody<typeof consoleRoutes.extendLicence> }
  | { kind: 'sms'; id: number; body: RouteBody<typeof consoleRoutes.changeSmsLimit> };

export const useCompanyActions = () =>
  useCompanyAction((input: CompanyActionInput) => {
    const params = { id: input.id };
    switch (input.kind) {
      case 'disable':
        return consoleApi(consoleRoutes.disableCompany, { params, body: input.body });
      case 'enable':
        return consoleApi(consoleRoutes.enableCompany, { params, body: input.body });
      case 'licence':
        return consoleApi(consoleRoutes.extendLicence, { params, body: input.body });
      case 'sms':
        return consoleApi(consoleRoutes.changeSmsLimit, { params, body: input.body });
    }
  });

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettings) => consoleApi(consoleRoutes.updateSettings, { body }),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS, saved);
      void client.invalidateQueries({ queryKey: AUDIT });
    },
  });
}

export async function consoleLogout(): Promise<void> {
  try {
    await consoleApi(consoleRoutes.logout);
  } finally {
    clearConsoleSession();
  }
}
