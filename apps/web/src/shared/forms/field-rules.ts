import type { FieldError } from '@crm/contracts';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { ApiError } from '../api/api-error';

type Problem = Pick<FieldError, 'rule' | 'limit'>;

/** The part of a zod schema this file uses (zod itself is a dependency of contracts, not of the web). */
interface SchemaIssue {
  code: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
}
interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly SchemaIssue[] } };
}

/** One wording for a broken rule, whether the browser or the server found it. */
export function fieldProblemMessage(t: TFunction, problem: Problem, value: unknown): string {
  const isText = typeof value === 'string';
  if (value === undefined || value === null || (isText && value.trim() === '')) return t('validation.required');
  const key =
    isText && (problem.rule === 'too_small' || problem.rule === 'too_big') ? `${problem.rule}_text` : problem.rule;
  return t(`validation.${key}`, { limit: problem.limit, defaultValue: t('validation.invalid') });
}

function problemOf(issue: SchemaIssue): Problem {
  if (issue.code === 'too_small') return { rule: 'too_small', limit: Number(issue.minimum) };
  if (issue.code === 'too_big') return { rule: 'too_big', limit: Number(issue.maximum) };
  if (issue.code === 'invalid_type' && issue.expected === 'int') return { rule: 'whole_number' };
  return { rule: issue.code };
}

/**
 * An antd rule that checks a field with the contracts' zod schema, so the browser
 * refuses exactly what the server would.
 */
export function schemaRule(t: TFunction, schema: FieldSchema): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      const issue = result.error?.issues[0];
      if (!result.success && issue) throw new Error(fieldProblemMessage(t, problemOf(issue), value));
    },
  };
}

/** The problems of a 400 validation_failed answer that belong to the given fields, in words. */
export function fieldErrorMessages(
  t: TFunction,
  error: ApiError,
  fields: readonly string[],
  currentValue: (field: string) => unknown,
): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const problem of error.fieldErrors) {
    if (fields.includes(problem.field) && !messages[problem.field]) {
      messages[problem.field] = fieldProblemMessage(t, problem, currentValue(problem.field));
    }
  }
  return messages;
}

/**
 * Puts a 400 validation_failed answer's problems under an antd form's fields.
 * Returns false when none of them belongs to a field of this form.
 */
export function showFieldErrors(t: TFunction, form: FormInstance, fields: readonly string[], error: ApiError): boolean {
  const messages = fieldErrorMessages(t, error, fields, (field) => form.getFieldValue(field));
  form.setFields(Object.entries(messages).map(([name, message]) => ({ name, errors: [message] })));
  return Object.keys(messages).length > 0;
}
