import i18n from 'i18next';
import { clearAuthorization, getSession } from '../session/session-store';
import { ApiError, apiErrorFrom } from './api-error';
import { isPlainForbidden } from './error-message';

const API_BASE = '/api/v1';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Empty values are not sent (spec §7). */
  query?: Record<string, QueryValue>;
  /** Spec §8: a request may opt out of the app-wide 401/403 handling. */
  handleErrors?: boolean;
  /** ARCHITECTURE.md "Money": the same key on a repeat makes the server answer it once. */
  idempotencyKey?: string;
}

export interface ApiErrorHandlers {
  /** After a 401 has removed the stored authorization. */
  onUnauthorized: () => void;
  onForbidden: () => void;
  /** A 402 of the licence gate (licence_expired, licence_read_only): decision 0026. */
  onLicenceBlocked: (code: string) => void;
}

// The app installs these once it has a router and a place for notices.
let handlers: ApiErrorHandlers = { onUnauthorized: () => {}, onForbidden: () => {}, onLicenceBlocked: () => {} };

export function setApiErrorHandlers(next: Partial<ApiErrorHandlers>): void {
  handlers = { ...handlers, ...next };
}

export function buildUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, handleErrors = true, idempotencyKey } = options;
  // The server words field errors in the interface's language (issue 13 §8), not the browser's.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'uz' };
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const { token } = getSession();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (cause) {
    throw new ApiError(0, 'network', cause instanceof Error ? cause.message : 'Network error');
  }
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;

  const error = await apiErrorFrom(response);
  if (handleErrors && error.status === 401) {
    clearAuthorization();
    handlers.onUnauthorized();
  }
  // A refusal with a reason of its own (attendance_outside_lesson, branch_forbidden…) is worded by the
  // screen that asked; the app-wide notice is for the plain 403 of spec §8.
  if (handleErrors && isPlainForbidden(error)) handlers.onForbidden();
  if (handleErrors && error.status === 402) handlers.onLicenceBlocked(error.code);
  throw error;
}
