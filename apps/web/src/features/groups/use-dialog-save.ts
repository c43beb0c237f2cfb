import type { GroupStudent } from '@crm/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';

/** Saves, announces success and closes; a refusal is shown in words and nothing typed is lost. */
export function useSave(onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, success: string, onRefusal?: (error: ApiError) => boolean) => {
    try {
      await action();
      message.success(success);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && onRefusal?.(error)) return;
      if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    }
  };
}

/** The props of a dialog about one student's place in a group. */
export interface RowDialogProps {
  row: GroupStudent;
  groupId: number;
  onClose: () => void;
}
