import type { FormInstance } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { showFieldErrors } from '../../shared/forms/field-rules';

export interface SaveFormOptions {
  /** The form's fields: a 400 answer's problems with these go under them. */
  fields: readonly string[];
  /** Refusals that belong to one field, by code (holiday_exists → date). */
  fieldOfCode?: Readonly<Record<string, string>>;
  /** A form's own wording for a refusal, when it has a better one than the code's. */
  explain?: (error: ApiError) => string | null;
  /** Announced when saved. */
  success: string;
  onSaved: () => void;
}

/**
 * Runs a form's save. On failure nothing typed is lost: the server's field problems go under their fields,
 * a refusal that belongs to one field goes under it, anything else is a notice.
 * Used by the course, holiday, tag and archive-reason forms.
 */
export async function saveForm(
  t: TFunction,
  message: MessageInstance,
  form: FormInstance,
  save: () => Promise<unknown>,
  { fields, fieldOfCode = {}, explain, success, onSaved }: SaveFormOptions,
): Promise<boolean> {
  try {
    await save();
    message.success(success);
    onSaved();
    return true;
  } catch (error) {
    if (error instanceof ApiError) {
      const field = fieldOfCode[error.code];
      if (field) {
        form.setFields([{ name: field, errors: [errorMessage(t, error)] }]);
        return false;
      }
      if (showFieldErrors(t, form, fields, error)) return false;
      const explained = explain?.(error);
      if (explained) {
        message.error(explained);
        return false;
      }
    }
    if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    return false;
  }
}

/** Runs a one-click action (delete, activate); announces success, or the refusal in words. */
export async function runAction(
  t: TFunction,
  message: MessageInstance,
  action: () => Promise<unknown>,
  success: string,
): Promise<boolean> {
  try {
    await action();
    message.success(success);
    return true;
  } catch (error) {
    if (!isHandledGlobally(error)) message.error(errorMessage(t, error));
    return false;
  }
}
