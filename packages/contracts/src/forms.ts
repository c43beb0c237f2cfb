import { z } from 'zod';
import { isoDateSchema } from './catalog.js';
import { idSchema, listOf, pageQuerySchema, requiredText } from './common.js';
import { companySharedInfoSchema } from './company.js';
import { type FormField, formFieldSchema, formFieldsSchema, type NpsSummary } from './form-fields.js';

export * from './form-fields.js';

/**
 * Forms of the form builder (spec §2 form/*, /entry/form/{id}, /entry/audit/{form_id}/{company_id}; issue 20):
 * a public form anyone answers, an audit form answered once per student through a personal link, and a lead
 * form whose answers become leads on the board.
 */

export const FORM_KINDS = ['form', 'audit', 'lead'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const FORM_STATUSES = ['draft', 'published'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

/** Spec §5: a lead form's header picture is recommended at 610x160; larger ones are resized to fit. */
export const LEAD_FORM_IMAGE = { width: 610, height: 160, maxBytes: 5 * 1024 * 1024 } as const;

/**
 * Public pages (a form, an audit link, a landing page, the log-in page's look) one address may read a minute:
 * far above a person's use, low enough that a scraper is turned away (429) before it costs the database.
 */
export const PUBLIC_PAGE_READS_PER_MINUTE = 120;

/** Answers one address may send to one company's forms a minute (counted in the database). */
export const PUBLIC_FORM_RATE_PER_MINUTE = 5;

/** The Facebook pixel's id: digits only (it is written into the page's script). */
export const pixelIdSchema = z
  .string()
  .trim()
  .regex(/^\d{5,20}$/, { message: 'pixel_id_invalid' });

export const formInputSchema = z
  .object({
    kind: z.enum(FORM_KINDS).default('form'),
    /** Spec §5: a lead form's title is required (every form's is). */
    title: requiredText(200),
    description: z.string().trim().max(2000).default(''),
    fields: formFieldsSchema,
    success_text: z.string().trim().max(500).default(''),
    pixel_id: pixelIdSchema.nullable().default(null),
    /** A lead form's header picture: an address POST /form/picture answered (spec §5: 610x160). */
    image: z.string().max(300).nullable().default(null),
    /** A lead form's place on the board: the branch (required), its section and the leads' source. */
    branch_id: idSchema.nullable().default(null),
    section_id: idSchema.nullable().default(null),
    source_id: idSchema.nullable().default(null),
  })
  .refine((form) => form.kind !== 'lead' || form.branch_id !== null, { path: ['branch_id'], message: 'required' });
export type FormInput = z.input<typeof formInputSchema>;

export const formPublishSchema = z.object({ published: z.boolean() });

export const formListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(FORM_KINDS).optional(),
  status: z.enum(FORM_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const formPoliciesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  read_answers: z.boolean(),
  send_audit: z.boolean(),
});

export const formSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(FORM_KINDS),
  title: z.string(),
  status: z.enum(FORM_STATUSES),
  answers: z.number().int(),
  last_answer_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The public page's path on the company's subdomain (`/entry/form/{id}`; audit forms: null, links are personal). */
  public_path: z.string().nullable(),
  policies: formPoliciesSchema,
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formListSchema = listOf(formSummarySchema).extend({
  policies: z.object({ create: z.boolean() }),
});
export type FormList = z.infer<typeof formListSchema>;

export const formSchema = formSummarySchema.extend({
  description: z.string(),
  fields: z.array(formFieldSchema),
  success_text: z.string(),
  pixel_id: z.string().nullable(),
  image: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  section_id: z.number().int().nullable(),
  source_id: z.number().int().nullable(),
});
export type Form = z.infer<typeof formSchema> & { fields: FormField[] };

/** Where an answer came from: the page's utm parameters and referrer, as the public page read them. */
export const answerSourceSchema = z
  .object({
    utm_source: z.string().trim().max(200).optional(),
    utm_medium: z.string().trim().max(200).optional(),
    utm_campaign: z.string().trim().max(200).optional(),
    utm_term: z.string().trim().max(200).optional(),
    utm_content: z.string().trim().max(200).optional(),
    referrer: z.string().trim().max(500).optional(),
  })
  .default({});
export type AnswerSource = z.infer<typeof answerSourceSchema>;

/** A visitor's answer. `values` is checked against the form's fields (formAnswerSchema); `website` is the honeypot. */
export const publicAnswerInputSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  source: answerSourceSchema,
  website: z.string().max(200).optional(),
});
export type PublicAnswerInput = z.input<typeof publicAnswerInputSchema>;

export const publicFormSchema = z.object({
  /** The page's look: the centre's name and logo, its theme colour; its language until the visitor picks one. */
  company: companySharedInfoSchema.pick({ name: true, logo: true, country: true, locale: true, theme_color: true }),
  form: z.object({
    id: z.number().int(),
    kind: z.enum(FORM_KINDS),
    title: z.string(),
    description: z.string(),
    fields: z.array(formFieldSchema),
    success_text: z.string(),
    pixel_id: z.string().nullable(),
    image: z.string().nullable(),
  }),
  /** An audit link's student and group ("about the lessons of group …"); null elsewhere. */
  audit: z
    .object({ student_name: z.string(), group_title: z.string(), teacher_name: z.string().nullable() })
    .nullable(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

export const publicAnswerResultSchema = z.object({ stored: z.boolean() });

export const answersQuerySchema = pageQuerySchema.extend({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  search: z.string().trim().max(100).optional(),
  utm_source: z.string().trim().max(200).optional(),
  teacher_id: idSchema.optional(),
  group_id: idSchema.optional(),
});
export type AnswersQuery = z.input<typeof answersQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const formAnswerRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()])),
  source: z.record(z.string(), z.string()),
  student: named,
  group: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  teacher: named,
  lead_id: z.number().int().nullable(),
});
export type FormAnswerRow = z.infer<typeof formAnswerRowSchema>;

export const formAnswersSchema = listOf(formAnswerRowSchema);
export type FormAnswers = z.infer<typeof formAnswersSchema>;

const npsSummarySchema = z.object({
  count: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  score: z.number().int().nullable(),
}) satisfies z.ZodType<NpsSummary>;

/** One field's summary: counts per option (choices), the score and its spread (NPS), or the latest answers. */
export const fieldSummarySchema = z.object({
  key: z.string(),
  answered: z.number().int(),
  options: z.array(z.object({ option: z.string(), count: z.number().int() })).nullable(),
  nps: npsSummarySchema.extend({ spread: z.array(z.number().int()).length(11) }).nullable(),
  latest: z.array(z.string()).nullable(),
});
export type FieldSummary = z.infer<typeof fieldSummarySchema>;

export const formReportSchema = z.object({
  answers: z.number().int(),
  fields: z.array(fieldSummarySchema),
  /** Audit forms: NPS of the form's first NPS question per teacher and per group. */
  by_teacher: z.array(z.object({ id: z.number().int(), name: z.string(), nps: npsSummarySchema })),
  by_group: z.array(z.object({ id: z.number().int(), title: z.string(), nps: npsSummarySchema })),
});
export type FormReport = z.infer<typeof formReportSchema>;

export const formReportQuerySchema = answersQuerySchema.omit({ page: true, per_page: true, search: true });

/** POST /form/{id}/audit-links: the groups whose active students get a personal link by SMS. */
export const auditSendSchema = z.object({ group_ids: z.array(idSchema).min(1).max(200) });
export const auditSendResultSchema = z.object({
  sent: z.number().int(),
  /** Students already sent a link for that group, or without a phone. */
  skipped: z.number().int(),
});
export type AuditSendResult = z.infer<typeof auditSendResultSchema>;

export const publicFormParamsSchema = z.object({ id: idSchema });
export const auditParamsSchema = z.object({ form_id: idSchema, company_id: idSchema });
export const auditLinkQuerySchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
