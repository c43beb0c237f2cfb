import type { Group, Lesson } from '@crm/contracts';
import { Alert, App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { refusalText } from './refusals';

/** What every lesson dialog is given. */
export interface LessonDialogProps {
  lesson: Lesson;
  group: Group;
  onClose: () => void;
}

/**
 * Runs a dialog's request: success closes it with a notice. `onRefusal` may place a
 * refusal under a field (and return true); anything else shows at the dialog's top in
 * words (a schedule conflict names the groups), and the dialog stays open to fix.
 */
export function useDialogSubmit(onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (request: () => Promise<unknown>, done: string, onRefusal?: (error: ApiError) => boolean) => {
    setProblem(null);
    try {
      await request();
      message.success(done);
      onClose();
    } catch (error) {
      const placed = error instanceof ApiError && onRefusal?.(error);
      if (!placed) setProblem(refusalText(t, error));
    }
  };
  const alert = problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginBottom: 16 }} />;
  return { submit, alert };
}
