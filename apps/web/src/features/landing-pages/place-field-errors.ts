import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../shared/api/api-error';
import { fieldProblemMessage } from '../../shared/forms/field-rules';
import { namePathOf } from './landing-form-values';

type NamePath = (string | number)[];

const samePath = (a: NamePath, b: NamePath) => a.length === b.length && a.every((part, index) => part === b[index]);

/**
 * Puts a 400 answer's problems under the fields of a form with nested lists (`blocks.2.items.0.name`). A problem
 * of a part that has no field of its own (one id of a chosen list) goes under the nearest field that holds it.
 * Returns the first field it placed a problem under (to scroll to), or null when none belongs to this form.
 */
export function placeFieldErrors(t: TFunction, form: FormInstance, error: ApiError): NamePath | null {
  const shown = form.getFieldsError().map((field) => field.name as NamePath);
  const placed = new Map<string, { name: NamePath; errors: string[] }>();
  for (const problem of error.fieldErrors) {
    let path = namePathOf(problem.field);
    while (path.length > 0 && !shown.some((name) => samePath(name, path))) path = path.slice(0, -1);
    if (path.length === 0) continue;
    const key = path.join('.');
    if (placed.has(key)) continue;
    placed.set(key, { name: path, errors: [fieldProblemMessage(t, problem, form.getFieldValue(path))] });
  }
  const fields = [...placed.values()];
  form.setFields(fields);
  return fields[0]?.name ?? null;
}
