import {
  ANSWER_ERRORS,
  type AnswerError,
  type AnswerValue,
  type AnswerValues,
  type FormField,
  formAnswerSchema,
} from '@crm/contracts';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../shared/api/api-error';

/** The visitor's answers as the fields hold them (a phone as typed, with its mask). */
export type AnswerDraft = Record<string, AnswerValue | undefined>;
/** A message under each refused field, by its key. */
export type AnswerErrors = Record<string, string>;

const isAnswerError = (code: string): code is AnswerError => (ANSWER_ERRORS as readonly string[]).includes(code);

export const answerErrorMessage = (t: TFunction, code: AnswerError, limit?: unknown) =>
  t(`forms.answerErrors.${code}`, { limit: typeof limit === 'number' ? limit : undefined });

/**
 * Checks the answers with the contracts' formAnswerSchema, exactly as the server will: the values to send
 * (trimmed, a phone as its digits), or a message for each refused field.
 */
export function checkAnswers(
  t: TFunction,
  fields: readonly FormField[],
  country: string,
  answers: AnswerDraft,
): { values: AnswerValues; errors: null } | { values: null; errors: AnswerErrors } {
  const checked = formAnswerSchema(fields, country).safeParse(answers);
  if (checked.success) return { values: checked.data, errors: null };
  const errors: AnswerErrors = {};
  for (const issue of checked.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (errors[key]) continue;
    const code = isAnswerError(issue.message) ? issue.message : 'option_unknown';
    const limit = 'params' in issue ? (issue.params as { limit?: unknown } | undefined)?.limit : undefined;
    errors[key] = answerErrorMessage(t, code, limit);
  }
  return { values: null, errors };
}

/** A 400 answer's refusals that belong to the form's fields (named `values.<key>` or `<key>`). */
export function serverAnswerErrors(t: TFunction, error: ApiError, fields: readonly FormField[]): AnswerErrors {
  const keys = new Set(fields.map((field) => field.key));
  const errors: AnswerErrors = {};
  for (const problem of error.fieldErrors) {
    const key = problem.field.replace(/^values\./, '');
    if (!keys.has(key) || errors[key]) continue;
    errors[key] = isAnswerError(problem.rule) ? answerErrorMessage(t, problem.rule, problem.limit) : problem.message;
  }
  return errors;
}
