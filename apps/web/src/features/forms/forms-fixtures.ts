import type { Form, FormFieldInput, FormReport, FormSummary, PublicForm } from '@crm/contracts';
import { formFieldSchema } from '@crm/contracts';

/** Test data of the form builder, shaped by the contracts. */

export const aField = (field: FormFieldInput) => formFieldSchema.parse(field);

export const aSummary = (overrides: Partial<FormSummary> = {}): FormSummary => ({
  id: 5,
  kind: 'form',
  title: 'Feedback',
  status: 'published',
  answers: 3,
  last_answer_at: '2025-03-04T10:20:00Z',
  created_at: '2025-03-01T09:00:00Z',
  updated_at: '2025-03-01T09:00:00Z',
  public_path: '/entry/form/5',
  policies: { edit: true, delete: true, read_answers: true, send_audit: false },
  ...overrides,
});

export const FIELDS = [
  aField({ key: 'nps', type: 'nps', label: 'Would you recommend us?', required: true }),
  aField({ key: 'level', type: 'one_of_list', label: 'Your level', options: ['Beginner', 'Advanced'] }),
  aField({ key: 'name', type: 'short_answer', label: 'Your name', required: true }),
  aField({ key: 'mail', type: 'email', label: 'Email' }),
  aField({ key: 'tel', type: 'phone', label: 'Phone', required: true }),
];

export const aForm = (overrides: Partial<Form> = {}): Form => ({
  ...aSummary(),
  description: 'Tell us',
  fields: FIELDS,
  success_text: 'See you in class!',
  pixel_id: null,
  image: null,
  branch_id: null,
  section_id: null,
  source_id: null,
  public_path: '/entry/form/5',
  policies: { edit: true, delete: true, read_answers: true, send_audit: false },
  ...overrides,
});

export const aPublicForm = (
  overrides: Partial<PublicForm['form']> = {},
  audit: PublicForm['audit'] = null,
): PublicForm => ({
  company: { name: 'Demo Academy', logo: null, country: 'uz', locale: 'en', theme_color: 'light.blue' },
  form: {
    id: 5,
    kind: 'form',
    title: 'Feedback',
    description: 'Tell us how we are doing',
    fields: FIELDS,
    success_text: 'See you in class!',
    pixel_id: null,
    image: null,
    ...overrides,
  },
  audit,
});

const nps = (count: number, promoters: number, passives: number, detractors: number, score: number | null) => ({
  count,
  promoters,
  passives,
  detractors,
  score,
});

export const aReport = (overrides: Partial<FormReport> = {}): FormReport => ({
  answers: 5,
  fields: [
    {
      key: 'nps',
      answered: 5,
      options: null,
      nps: { ...nps(5, 3, 1, 1, 40), spread: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 2] },
      latest: null,
    },
    {
      key: 'level',
      answered: 5,
      options: [
        { option: 'Beginner', count: 3 },
        { option: 'Advanced', count: 2 },
      ],
      nps: null,
      latest: null,
    },
    { key: 'name', answered: 2, options: null, nps: null, latest: ['Aziz', 'Malika'] },
  ],
  by_teacher: [],
  by_group: [],
  ...overrides,
});

export const npsOfRow = nps;
