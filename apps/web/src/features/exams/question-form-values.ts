import type { Question, QuestionInput, QuestionKind } from '@crm/contracts';
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/api-error';
import { fieldProblemMessage } from '../../shared/forms/field-rules';

/** The question form's fields: every kind's, so switching the kind back and forth loses nothing typed. */
export interface QuestionFormValues {
  kind: QuestionKind;
  text: string;
  points: number;
  options: string[];
  /** The right options' indexes (single: one; multiple: at least one; ordering: none, the written order is right). */
  correct: number[];
  accepted: string[];
}

export const questionFormValues = (question?: Question): QuestionFormValues =>
  question
    ? {
        kind: question.kind,
        text: question.text,
        points: question.points,
        options: question.kind === 'short' ? ['', ''] : question.options,
        correct: question.correct,
        accepted: question.accepted,
      }
    : { kind: 'single', text: '', points: 1, options: ['', ''], correct: [], accepted: [] };

const trimmed = (texts: readonly string[]) => texts.map((text) => (text ?? '').trim());

/** What is sent: the parts of the chosen kind only (the server keeps no options for a short answer, and so on). */
export function questionInput(values: QuestionFormValues): QuestionInput {
  const base = { kind: values.kind, text: values.text.trim(), points: values.points };
  if (values.kind === 'short') {
    return { ...base, options: [], correct: [], accepted: trimmed(values.accepted).filter(Boolean) };
  }
  const options = trimmed(values.options);
  if (values.kind === 'ordering') return { ...base, options, correct: [], accepted: [] };
  return { ...base, options, correct: [...values.correct].sort((a, b) => a - b), accepted: [] };
}

/** The marks once option `removed` is taken away: its own mark goes, and the later options move up a place. */
export const marksWithout = (correct: readonly number[], removed: number): number[] =>
  correct.filter((index) => index !== removed).map((index) => (index > removed ? index - 1 : index));

/** The marks a kind keeps when the kind changes: one for single choice, none for the kinds that have none. */
export const marksFor = (kind: QuestionKind, correct: readonly number[]): number[] =>
  kind === 'single' ? correct.slice(0, 1) : kind === 'multiple' ? [...correct] : [];

/** The sentence for a rule of the question itself (the contracts' superRefine), as the form checks it too. */
export function questionRuleMessage(t: TFunction, field: 'options' | 'correct' | 'accepted', kind: QuestionKind) {
  if (field === 'options') return t('exams.questionForm.atLeastTwo');
  if (field === 'accepted') return t('exams.questionForm.acceptedRequired');
  return t(kind === 'single' ? 'exams.questionForm.markOne' : 'exams.questionForm.markSome');
}

const FIELDS = ['kind', 'text', 'points', 'options', 'correct', 'accepted'];

/** A problem's field as the form names it: an option's text is `options.2` to the server, ['options', 2] here. */
function fieldOf(problem: string): NamePath | undefined {
  const option = problem.match(/^options\.(\d+)$/);
  if (option) return ['options', Number(option[1])];
  const field = problem.replace(/^accepted\.\d+$/, 'accepted');
  return FIELDS.includes(field) ? field : undefined;
}

/**
 * Puts a refusal's field problems under the form's fields, worded as the form words its own checks.
 * False when the error names none of them, so the caller says it another way.
 */
export function showQuestionFieldErrors(t: TFunction, form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const kind = form.getFieldValue('kind') as QuestionKind;
  const fields = error.fieldErrors.flatMap((problem) => {
    const name = fieldOf(problem.field);
    if (name === undefined) return [];
    // The question's own rules (superRefine) come as 'custom' or 'required' on the whole list.
    const whole = ['options', 'correct', 'accepted'].includes(problem.field) && problem.rule !== 'too_big';
    const message = whole
      ? questionRuleMessage(t, problem.field as 'options' | 'correct' | 'accepted', kind)
      : fieldProblemMessage(t, problem, form.getFieldValue(name));
    return [{ name, errors: [message] }];
  });
  form.setFields(fields);
  return fields.length > 0;
}
