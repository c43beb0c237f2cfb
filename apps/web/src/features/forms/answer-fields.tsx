import type { AnswerValue, FormField } from '@crm/contracts';
import type { AnswerDraft, AnswerErrors } from './answer-checks';
import { AnswerField } from './answer-field';

interface AnswerFieldsProps {
  fields: readonly FormField[];
  country: string;
  answers: AnswerDraft;
  errors: AnswerErrors;
  idPrefix: string;
  onChange: (key: string, value: AnswerValue | undefined) => void;
}

/** A form's fields in order, sections as headings, all on one page. */
export function AnswerFields({ fields, country, answers, errors, idPrefix, onChange }: AnswerFieldsProps) {
  return fields.map((field) => (
    <AnswerField
      key={field.key}
      field={field}
      value={answers[field.key]}
      error={errors[field.key]}
      country={country}
      idPrefix={idPrefix}
      onChange={(value) => onChange(field.key, value)}
    />
  ));
}
