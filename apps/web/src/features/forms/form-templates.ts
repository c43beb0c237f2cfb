import type { FormField, FormFieldType, FormKind } from '@crm/contracts';
import type { TFunction } from 'i18next';
import { blankField, emptyDraft, type FormDraft } from './form-draft';

/** Spec §2 form/generator: the forms a centre most often starts from. */
export const FORM_TEMPLATES = ['feedback', 'lesson_audit', 'event', 'lead'] as const;
export type FormTemplate = (typeof FORM_TEMPLATES)[number];

export const isTemplate = (value: unknown): value is FormTemplate =>
  (FORM_TEMPLATES as readonly unknown[]).includes(value);

interface TemplateField {
  /** Readable and fixed: a template's keys only need to differ within the form. */
  key: string;
  type: FormFieldType;
  required?: boolean;
  /** Words of `forms.words`. */
  options?: string[];
  help?: string;
}

const FREQUENCY = ['always', 'mostly', 'sometimes', 'rarely'];
const DAYTIME = ['morning', 'afternoon', 'evening'];

const TEMPLATES: Record<FormTemplate, { kind: FormKind; fields: TemplateField[] }> = {
  feedback: {
    kind: 'form',
    fields: [
      { key: 'nps', type: 'nps', required: true },
      { key: 'teachers', type: 'one_of_list', required: true, options: ['excellent', 'good', 'fair', 'poor'] },
      { key: 'liked', type: 'several_of_list', options: ['teachers', 'schedule', 'materials', 'atmosphere', 'price'] },
      { key: 'improve', type: 'long_answer' },
      { key: 'name', type: 'short_answer', help: 'optional' },
    ],
  },
  lesson_audit: {
    kind: 'audit',
    fields: [
      { key: 'nps', type: 'nps', required: true },
      { key: 'clear', type: 'one_of_list', required: true, options: FREQUENCY },
      { key: 'on_time', type: 'one_of_list', options: FREQUENCY },
      { key: 'homework', type: 'one_of_list', options: ['tooLittle', 'justRight', 'tooMuch'] },
      { key: 'comment', type: 'long_answer' },
    ],
  },
  event: {
    kind: 'form',
    fields: [
      { key: 'intro', type: 'text' },
      { key: 'contact', type: 'section' },
      { key: 'name', type: 'short_answer', required: true },
      { key: 'phone', type: 'phone', required: true },
      { key: 'email', type: 'email' },
      { key: 'visit', type: 'section' },
      { key: 'session', type: 'dropdown', required: true, options: DAYTIME },
      { key: 'guests', type: 'one_of_list', options: ['justMe', 'one', 'two', 'threeOrMore'] },
      { key: 'before', type: 'one_of_list', options: ['yes', 'no'] },
    ],
  },
  lead: {
    kind: 'lead',
    fields: [
      { key: 'name', type: 'short_answer', required: true },
      { key: 'phone', type: 'phone', required: true },
      { key: 'course', type: 'short_answer' },
      { key: 'time', type: 'one_of_list', options: DAYTIME },
      { key: 'comment', type: 'long_answer' },
    ],
  },
};

/** A template's kind and field count, for the generator's cards. */
export const templateKind = (template: FormTemplate) => TEMPLATES[template].kind;
export const templateSize = (template: FormTemplate) => TEMPLATES[template].fields.length;

/** A template as a new draft, its words in the author's language (not saved until he saves it). */
export function templateDraft(template: FormTemplate, t: TFunction): FormDraft {
  const { kind, fields } = TEMPLATES[template];
  const words = `forms.templates.${template}`;
  return {
    ...emptyDraft(kind),
    title: t(`${words}.title`),
    description: t(`${words}.description`),
    success_text: t(`${words}.success`),
    fields: fields.map(({ key, type, required, options, help }) => {
      const field: FormField = {
        ...blankField(type, key),
        label: t(`${words}.fields.${key}`),
        help: help ? t(`forms.words.${help}`) : '',
      };
      if ('options' in field && options) field.options = options.map((word) => t(`forms.words.${word}`));
      if (field.type !== 'text' && field.type !== 'section') field.required = required ?? false;
      return field;
    }),
  };
}
