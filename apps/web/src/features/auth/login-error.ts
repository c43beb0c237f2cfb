import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';

/** The log-in failure in words, with the wait a too_many_attempts answer names. */
export function loginErrorText(t: TFunction, error: unknown): string {
  const text = errorMessage(t, error);
  if (!(error instanceof ApiError) || error.code !== 'too_many_attempts') return text;
  const details = error.details as { retry_after_seconds?: unknown } | undefined;
  const seconds = details?.retry_after_seconds;
  return typeof seconds === 'number' ? `${text} ${t('auth.retryAfter', { seconds })}` : text;
}
