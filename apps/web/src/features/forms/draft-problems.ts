import { FIELD_LIMITS, type FormField, pixelIdSchema } from '@crm/contracts';
import { type FormDraft, isChoice, isQuestion } from './form-draft';

/** A problem found before saving: a key of `forms.problems` and its values. */
export interface Problem {
  key: string;
  values?: Record<string, number>;
}

export interface DraftProblems {
  /** By the setting's name (title, branch_id, pixel_id). */
  settings: Partial<Record<'title' | 'branch_id' | 'pixel_id', Problem>>;
  /** By the field's key: what is wrong with that field. */
  fields: Record<string, Problem[]>;
  /** Of the whole form (it asks nothing). */
  form: Problem[];
}

function problemsOfField(field: FormField): Problem[] {
  const problems: Problem[] = [];
  const label = field.label.trim();
  const labelLimit = field.type === 'text' ? FIELD_LIMITS.paragraph : FIELD_LIMITS.label;
  if (!label) problems.push({ key: field.type === 'text' ? 'textEmpty' : 'labelEmpty' });
  else if (label.length > labelLimit) problems.push({ key: 'tooLong', values: { limit: labelLimit } });
  if ('options' in field && isChoice(field.type)) {
    const options = field.options.map((option) => option.trim());
    if (options.length === 0) problems.push({ key: 'noOptions' });
    if (options.some((option) => option === '')) problems.push({ key: 'optionEmpty' });
    if (new Set(options).size !== options.length) problems.push({ key: 'optionsRepeated' });
  }
  return problems;
}

/**
 * The checks of the contracts' formInputSchema, in words the builder can put beside the field: a label
 * for every field, at least one option for a choice, at least one question in the form.
 */
export function draftProblems(draft: FormDraft): DraftProblems {
  const settings: DraftProblems['settings'] = {};
  if (!draft.title.trim()) settings.title = { key: 'titleEmpty' };
  if (draft.kind === 'lead' && draft.branch_id === null) settings.branch_id = { key: 'branchEmpty' };
  if (draft.pixel_id.trim() && !pixelIdSchema.safeParse(draft.pixel_id).success) settings.pixel_id = { key: 'pixelId' };
  const fields: DraftProblems['fields'] = {};
  for (const field of draft.fields) {
    const found = problemsOfField(field);
    if (found.length) fields[field.key] = found;
  }
  const form: Problem[] = [];
  if (!draft.fields.some((field) => isQuestion(field.type))) form.push({ key: 'noQuestion' });
  if (draft.fields.length > FIELD_LIMITS.fields)
    form.push({ key: 'tooManyFields', values: { limit: FIELD_LIMITS.fields } });
  return { settings, fields, form };
}

export const hasProblems = (problems: DraftProblems) =>
  Object.keys(problems.settings).length > 0 || Object.keys(problems.fields).length > 0 || problems.form.length > 0;
