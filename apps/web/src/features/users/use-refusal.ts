import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';

/**
 * The words for a refused archive, restore or delete: a 409 of this module names
 * its reason in `details.reason` (not_archived, has_records); anything else is
 * said by its error code.
 */
export function useRefusalMessage() {
  const { t } = useTranslation();
  return (error: unknown): string => {
    if (error instanceof ApiError && error.code === 'conflict') {
      const reason = (error.details as { reason?: unknown } | undefined)?.reason;
      if (reason === 'not_archived' || reason === 'has_records') return t(`users.refusals.${reason}`);
    }
    return errorMessage(t, error);
  };
}
