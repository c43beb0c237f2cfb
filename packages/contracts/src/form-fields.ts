import { z } from 'zod';
import { normalizePhone, phoneDigitCount } from './countries.js';

/**
 * The form builder's fields (spec §3 "Form field types"; issue 20). Each field type is defined once here: the
 * settings the builder edits (`FormField`) and how an answer to it is checked (`answerSchemaOf`). The server
 * validates public answers with these, and the web renderer draws each field from the same definition, so a
 * rule cannot differ between the page and the API.
 */

export const FORM_FIELD_TYPES = [
  'one_of_list',
  'several_of_list',
  'short_answer',
  'long_answer',
  'email',
  'text',
  'dropdown',
  'phone',
  'nps',
  /** Not a question: starts a new section (its label is the section's title, its help the description). */
  'section',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Field types that only show something: a paragraph of text, a section's heading. They take no answer. */
export const SHOWN_ONLY_TYPES: readonly FormFieldType[] = ['text', 'section'];
export const CHOICE_TYPES: readonly FormFieldType[] = ['one_of_list', 'several_of_list', 'dropdown'];

export const FIELD_LIMITS = {
  label: 300,
  /** A paragraph (`text`) says more than a question's label. */
  paragraph: 3000,
  help: 500,
  option: 200,
  options: 50,
  fields: 100,
  shortAnswer: 300,
  longAnswer: 5000,
  email: 254,
} as const;

/** A field's key: stable across edits, so answers stay matched to their field when the form is reordered. */
export const fieldKeySchema = z.string().regex(/^[a-z0-9_-]{1,40}$/);

const base = {
  key: fieldKeySchema,
  label: z.string().trim().min(1).max(FIELD_LIMITS.label),
  help: z.string().trim().max(FIELD_LIMITS.help).default(''),
  required: z.boolean().default(false),
};

const optionsSchema = z
  .array(z.string().trim().min(1).max(FIELD_LIMITS.option))
  .min(1)
  .max(FIELD_LIMITS.options)
  .refine((options) => new Set(options).size === options.length, { message: 'options_repeated' });

const choice = <T extends 'one_of_list' | 'dropdown'>(type: T) =>
  z.object({ ...base, type: z.literal(type), options: optionsSchema });

export const formFieldSchema = z.discriminatedUnion('type', [
  choice('one_of_list'),
  choice('dropdown'),
  z.object({
    ...base,
    type: z.literal('several_of_list'),
    options: optionsSchema,
    /** At most this many ticked (null: any number). */
    max_choices: z.number().int().min(1).max(FIELD_LIMITS.options).nullable().default(null),
  }),
  z.object({
    ...base,
    type: z.literal('short_answer'),
    max_length: z.number().int().min(1).max(FIELD_LIMITS.shortAnswer).default(FIELD_LIMITS.shortAnswer),
  }),
  z.object({
    ...base,
    type: z.literal('long_answer'),
    max_length: z.number().int().min(1).max(FIELD_LIMITS.longAnswer).default(2000),
  }),
  z.object({ ...base, type: z.literal('email') }),
  z.object({ ...base, type: z.literal('phone') }),
  z.object({
    ...base,
    type: z.literal('nps'),
    /** The words under 0 and 10 ("not at all likely", "extremely likely"); empty: the app's own. */
    low_label: z.string().trim().max(60).default(''),
    high_label: z.string().trim().max(60).default(''),
  }),
  z.object({
    ...base,
    type: z.literal('text'),
    label: z.string().trim().min(1).max(FIELD_LIMITS.paragraph),
    required: z.literal(false).default(false),
  }),
  z.object({ ...base, type: z.literal('section'), required: z.literal(false).default(false) }),
]);
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldInput = z.input<typeof formFieldSchema>;

export const formFieldsSchema = z
  .array(formFieldSchema)
  .max(FIELD_LIMITS.fields)
  .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, { message: 'field_keys_repeated' })
  .refine((fields) => fields.some((f) => !SHOWN_ONLY_TYPES.includes(f.type)), { message: 'form_has_no_question' });

/** What an answer may be: text, a list of options, or a number (NPS). */
export type AnswerValue = string | string[] | number;
export type AnswerValues = Record<string, AnswerValue>;

/**
 * Error messages of answer checks are codes (the web words them in the visitor's language, web i18n
 * `forms.answerErrors`); `too_long` and `too_many_choices` carry their limit in `params.limit`.
 */
export const ANSWER_ERRORS = [
  'required',
  'option_unknown',
  'too_long',
  'too_many_choices',
  'email_invalid',
  'phone_invalid',
  'nps_range',
] as const;
export type AnswerError = (typeof ANSWER_ERRORS)[number];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const oneOption = (options: readonly string[]) =>
  z.string().refine((value) => options.includes(value), { message: 'option_unknown' });

/** How an answer to one field is checked; null for a field that is only shown. Empty answers never reach it. */
export function answerSchemaOf(field: FormField, country: string | null): z.ZodType<AnswerValue> | null {
  switch (field.type) {
    case 'one_of_list':
    case 'dropdown':
      return oneOption(field.options);
    case 'several_of_list':
      return z
        .array(oneOption(field.options))
        .transform((values) => [...new Set(values)])
        .refine((values) => field.max_choices === null || values.length <= field.max_choices, {
          message: 'too_many_choices',
          params: { limit: field.max_choices },
        });
    case 'short_answer':
    case 'long_answer':
      return z
        .string()
        .transform((value) => value.trim())
        .refine((value) => value.length <= field.max_length, {
          message: 'too_long',
          params: { limit: field.max_length },
        });
    case 'email':
      return z
        .string()
        .transform((value) => value.trim().toLowerCase())
        .refine((value) => value.length <= FIELD_LIMITS.email && EMAIL.test(value), { message: 'email_invalid' });
    case 'phone':
      return z
        .string()
        .transform((value) => normalizePhone(value, country))
        .refine((digits) => /^\d+$/.test(digits) && digits.length === phoneDigitCount(country), {
          message: 'phone_invalid',
          params: { limit: phoneDigitCount(country) },
        });
    case 'nps':
      return z.coerce
        .number()
        .refine((score) => Number.isInteger(score) && score >= 0 && score <= 10, { message: 'nps_range' });
    case 'text':
    case 'section':
      return null;
  }
}

/** An answer left blank: nothing, an empty or blank text, no option ticked. */
export const isBlankAnswer = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The whole answer to a form: each question checked by its type, a required one refused when blank, blank
 * optional ones left out, keys the form does not have ignored. Issues point at the field's key.
 */
export function formAnswerSchema(fields: readonly FormField[], country: string | null): z.ZodType<AnswerValues> {
  return z.record(z.string(), z.unknown()).transform((raw, ctx) => {
    const values: AnswerValues = {};
    for (const field of fields) {
      const schema = answerSchemaOf(field, country);
      if (!schema) continue;
      const given = raw[field.key];
      if (isBlankAnswer(given)) {
        if (field.required) ctx.addIssue({ code: 'custom', path: [field.key], message: 'required' });
        continue;
      }
      const checked = schema.safeParse(given);
      if (checked.success) values[field.key] = checked.data;
      else
        for (const issue of checked.error.issues)
          ctx.addIssue({
            code: 'custom',
            path: [field.key],
            message: ANSWER_ERRORS.includes(issue.message as AnswerError) ? issue.message : 'option_unknown',
            params: 'params' in issue ? (issue.params as Record<string, unknown>) : undefined,
          });
    }
    return values;
  });
}

/** Spec NPS: 9–10 promoters, 7–8 passives, 0–6 detractors; the score is % promoters − % detractors (−100…100). */
export interface NpsSummary {
  count: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** Rounded to a whole number; null with no answers. */
  score: number | null;
}

export function npsOf(scores: readonly number[]): NpsSummary {
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const score of scores) {
    if (score >= 9) promoters++;
    else if (score >= 7) passives++;
    else detractors++;
  }
  const count = scores.length;
  const score = count ? Math.round(((promoters - detractors) * 100) / count) : null;
  return { count, promoters, passives, detractors, score };
}
