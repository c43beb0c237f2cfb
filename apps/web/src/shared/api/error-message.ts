import type { TFunction } from 'i18next';
import { ApiError } from './api-error';

/** Spec §8: an error is shown by its code's translation, else the server's own message. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.internal');
  if (error.code === 'network') return t('app.networkError');
  return t(`errors.${error.code}`, { defaultValue: error.message || t('errors.internal') });
}

/** The spec §8 403 ('Forbidden: …'), as opposed to a refusal with a reason of its own. */
export const isPlainForbidden = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'forbidden';

/** 401 and the plain 403 are already answered app-wide (spec §8); a caller should not announce them again. */
export const isHandledGlobally = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || isPlainForbidden(error));
