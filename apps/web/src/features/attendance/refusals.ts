import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { conflictsOf, conflictText } from '../groups/group-form-modal';

/**
 * The words for a refused attendance mark or lesson change, or null when the app
 * already said it (a 401, a plain 403).
 */
export function refusalText(t: TFunction, error: unknown): string | null {
  if (isHandledGlobally(error)) return null;
  if (error instanceof ApiError && error.code === 'schedule_conflict') return conflictText(t, conflictsOf(error));
  return errorMessage(t, error);
}
