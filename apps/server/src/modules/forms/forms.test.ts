import {
  type Form,
  type FormAnswers,
  type FormInput,
  type FormReport,
  HistoryEvent,
  PUBLIC_FORM_RATE_PER_MINUTE,
  PUBLIC_PAGE_READS_PER_MINUTE,
} from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 20: the form builder, a visitor's answers, the summary and the sheet. */
const { app, database } = await openTestApp();
let w: LessonsWorld;
let marketer: string;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  marketer = await loginAs(app, w.sub, '900000005');
});

/** One field of every type the spec names, and a section. */
const EVERY_FIELD: FormInput['fields'] = [
  { key: 'name', type: 'short_answer', label: 'Your name', required: true, max_length: 40 },
  { key: 'intro', type: 'text', label: 'We read every answer.' },
  { key: 'about', type: 'section', label: 'About the lessons' },
  { key: 'course', type: 'one_of_list', label: 'Course', options: ['English', 'Math'], required: true },
  { key: 'days', type: 'several_of_list', label: 'Days', options: ['Mon', 'Wed', 'Fri'], max_choices: 2 },
  { key: 'level', type: 'dropdown', label: 'Level', options: ['A1', 'A2', 'B1'] },
  { key: 'story', type: 'long_answer', label: 'Tell us more', max_length: 100 },
  { key: 'mail', type: 'email', label: 'E-mail' },
  { key: 'phone', type: 'phone', label: 'Phone' },
  { key: 'nps', type: 'nps', label: 'Would you recommend us?', required: true },
];

const GOOD_ANSWER = {
  name: ' Aziza ',
  course: 'English',
  days: ['Mon', 'Fri'],
  level: 'A2',
  story: 'Great teachers',
  mail: 'Aziza@Example.uz',
  phone: '+998 90 123 45 67',
  nps: 9,
};

let ipSeq = 1;
/** Each test its own address, so the per-address limit of one test never touches another. */
const nextIp = () => `198.51.100.${ipSeq++}`;

async function makeForm(body: Partial<FormInput> = {}, token = marketer): Promise<Form> {
  const res = await w.api(token, 'POST', '/form', { title: 'Feedback', fields: EVERY_FIELD, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Form;
}

async function published(body: Partial<FormInput> = {}): Promise<Form> {
  const form = await makeForm(body);
  expect((await w.api(marketer, 'POST', `/form/${form.id}/publish`, { published: true })).body.status).toBe(
    'published',
  );
  return form;
}

const answer = (
  id: number,
  values: Record<string, unknown>,
  o: { ip?: string; source?: object; website?: string } = {},
) =>
  app
    .inject({
      method: 'POST',
      url: `/api/v1/public/form/${id}`,
      remoteAddress: o.ip ?? nextIp(),
      headers: { host: `${w.sub}.localhost` },
      payload: { values, source: o.source ?? {}, ...(o.website === undefined ? {} : { website: o.website }) },
    })
    .then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) }));

const answers = async (id: number, query = '') =>
  (await w.api(marketer, 'GET', `/form/${id}/answers${query}`)).body as FormAnswers;

describe('the form builder', () => {
  it('saves every field type with its settings, for the forms roles only', async () => {
    const form = await makeForm();
    expect(form).toMatchObject({ kind: 'form', status: 'draft', answers: 0, public_path: `/entry/form/${form.id}` });
    expect(form.fields.map((f) => f.type)).toEqual(EVERY_FIELD.map((f) => f.type));
    expect(form.fields.find((f) => f.key === 'nps')).toMatchObject({ low_label: '', high_label: '', help: '' });
    const body = { title: 'Feedback', fields: EVERY_FIELD };
    expect((await w.api(w.tokens.teacher, 'POST', '/form', body)).status).toBe(403);
    expect((await w.api(w.tokens.student, 'GET', `/form/${form.id}`)).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', `/form/${form.id}`)).body.fields).toHaveLength(EVERY_FIELD.length);
    const list = (await w.api(w.tokens.admin, 'GET', '/form?search=feedb')).body;
    expect(list.data.map((f: Form) => f.id)).toContain(form.id);
    expect(list.policies).toEqual({ create: true });
  });

  it('refuses a field without its settings, repeated keys, a form with no question, and a lead form with no place', async () => {
    const refused = async (body: object, field: string) => {
      const res = await w.api(marketer, 'POST', '/form', { title: 'Bad', fields: EVERY_FIELD, ...body });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field).join(' ')).toContain(field);
    };
    await refused({ fields: [{ key: 'a', type: 'one_of_list', label: 'Pick', options: [] }] }, 'fields');
    await refused({ fields: [{ key: 'a', type: 'dropdown', label: 'Pick', options: ['x', 'x'] }] }, 'fields');
    await refused({ fields: [{ key: 'a', type: 'short_answer', label: '' }] }, 'fields');
    await refused({ fields: [...EVERY_FIELD, { key: 'name', type: 'email', label: 'Again' }] }, 'fields');
    await refused({ fields: [{ key: 'p', type: 'text', label: 'Only words' }] }, 'fields');
    await refused({ title: '  ' }, 'title');
    await refused({ kind: 'lead' }, 'branch_id');
    await refused({ kind: 'lead', branch_id: w.main, fields: [EVERY_FIELD[5]] }, 'fields');
  });

  it('keeps a form’s kind when edited, publishes and unpublishes it, and records each change', async () => {
    const form = await makeForm();
    const edited = await w.api(marketer, 'PUT', `/form/${form.id}`, {
      title: 'Feedback 2',
      kind: 'audit',
      fields: EVERY_FIELD.slice(0, 4),
    });
    expect(edited.body).toMatchObject({ title: 'Feedback 2', kind: 'form' });
    await w.api(marketer, 'POST', `/form/${form.id}/publish`, { published: true });
    await w.api(marketer, 'POST', `/form/${form.id}/publish`, { published: false });
    expect((await w.api(marketer, 'DELETE', `/form/${form.id}`)).status).toBe(200);
    expect((await w.api(marketer, 'GET', `/form/${form.id}`)).status).toBe(404);
    const changes = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select({ data: historyEvents.data })
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.formChanged), eq(historyEvents.entityId, form.id))),
    );
    expect(changes.map((c) => (c.data as { change: string }).change).sort()).toEqual(
      ['added', 'deleted', 'edited', 'published', 'unpublished'].sort(),
    );
  });
});

describe('a visitor’s answer', () => {
  it('is refused while the form is a draft, then stored clean with its source once published', async () => {
    const form = await makeForm();
    expect((await answer(form.id, GOOD_ANSWER)).body.error.code).toBe('form_closed');
    await w.api(marketer, 'POST', `/form/${form.id}/publish`, { published: true });
    const page = await app.inject({ url: `/api/v1/public/form/${form.id}`, headers: { host: `${w.sub}.localhost` } });
    expect(JSON.parse(page.body)).toMatchObject({ company: { name: 'Groups Co' }, form: { title: 'Feedback' } });
    const source = { utm_source: 'instagram', utm_campaign: 'autumn', referrer: 'https://instagram.com/' };
    expect((await answer(form.id, { ...GOOD_ANSWER, unknown: 'dropped' }, { source })).body).toEqual({ stored: true });
    const [row] = (await answers(form.id)).data;
    expect(row?.values).toEqual({
      name: 'Aziza',
      course: 'English',
      days: ['Mon', 'Fri'],
      level: 'A2',
      story: 'Great teachers',
      mail: 'aziza@example.uz',
      phone: '901234567',
      nps: 9,
    });
    expect(row?.source).toMatchObject({ utm_source: 'instagram', utm_campaign: 'autumn' });
    expect((await answers(form.id, '?utm_source=facebook')).data).toHaveLength(0);
    expect((await answers(form.id, '?search=great')).data).toHaveLength(1);
  });

  it('checks every field by its type and names each wrong one', async () => {
    const form = await published();
    const wrong = await answer(form.id, {
      name: 'x'.repeat(41),
      course: 'Chemistry',
      days: ['Mon', 'Wed', 'Fri'],
      level: 'C2',
      story: 'y'.repeat(101),
      mail: 'not-an-email',
      phone: '12345',
      nps: 11,
    });
    expect(wrong.status).toBe(400);
    const problems = Object.fromEntries(
      wrong.body.error.details.map((d: { field: string; rule: string }) => [d.field, d.rule]),
    );
    expect(problems).toEqual({
      'values.name': 'too_long',
      'values.course': 'option_unknown',
      'values.days': 'too_many_choices',
      'values.level': 'option_unknown',
      'values.story': 'too_long',
      'values.mail': 'email_invalid',
      'values.phone': 'phone_invalid',
      'values.nps': 'nps_range',
    });
    const missing = await answer(form.id, { level: 'A1' });
    expect(missing.body.error.details.map((d: { field: string; rule: string }) => `${d.field}:${d.rule}`)).toEqual([
      'values.name:required',
      'values.course:required',
      'values.nps:required',
    ]);
    expect((await answers(form.id)).data).toHaveLength(0);
  });

  it('stores nothing from a bot that fills the honeypot, and limits answers per address', async () => {
    const form = await published();
    expect((await answer(form.id, GOOD_ANSWER, { website: 'http://spam' })).body).toEqual({ stored: false });
    const ip = nextIp();
    for (let i = 0; i < PUBLIC_FORM_RATE_PER_MINUTE; i++)
      expect((await answer(form.id, GOOD_ANSWER, { ip })).status).toBe(200);
    const refused = await answer(form.id, GOOD_ANSWER, { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.error.details.retry_after_seconds).toBeGreaterThan(0);
    expect((await answers(form.id)).pagination.total).toBe(PUBLIC_FORM_RATE_PER_MINUTE);
    // Reading the page is limited too, far above a person's use.
    const reader = nextIp();
    const read = () =>
      app.inject({
        url: `/api/v1/public/form/${form.id}`,
        remoteAddress: reader,
        headers: { host: `${w.sub}.localhost` },
      });
    for (let i = 0; i < PUBLIC_PAGE_READS_PER_MINUTE; i++) expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(429);
  });
});

describe('the summary and the sheet', () => {
  it('counts options and works out the NPS of a known set', async () => {
    const form = await published();
    for (const [nps, course] of [
      [10, 'English'],
      [9, 'English'],
      [8, 'Math'],
      [7, 'English'],
      [6, 'English'],
      [0, 'Math'],
      [10, 'English'],
    ] as const)
      await answer(form.id, { name: 'A', course, nps });
    const report = (await w.api(marketer, 'GET', `/form/${form.id}/report`)).body as FormReport;
    expect(report.answers).toBe(7);
    const field = (key: string) => report.fields.find((f) => f.key === key);
    expect(field('course')?.options).toEqual([
      { option: 'English', count: 5 },
      { option: 'Math', count: 2 },
    ]);
    // 3 promoters (10, 9, 10), 2 passives (8, 7), 2 detractors (6, 0): (3 − 2) / 7 = 14 %.
    expect(field('nps')?.nps).toMatchObject({ count: 7, promoters: 3, passives: 2, detractors: 2, score: 14 });
    expect(field('nps')?.nps?.spread).toEqual([1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2]);
    expect(field('story')).toMatchObject({ answered: 0, latest: [] });
    expect(report.fields.map((f) => f.key)).not.toContain('intro');
  });

  it('exports the filtered answers with a column per question in the language asked', async () => {
    const form = await published();
    await answer(form.id, { ...GOOD_ANSWER, story: 'Exported' });
    const res = await app.inject({
      url: `/api/v1/form/${form.id}/answers/export?lang=en`,
      headers: { host: `${w.sub}.localhost`, authorization: `Bearer ${marketer}` },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Time',
      'Your name',
      'Course',
      'Days',
      'Level',
      'Tell us more',
      'E-mail',
      'Phone',
      'Would you recommend us?',
      'Source (utm_source)',
      'Campaign',
    ]);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 10)).toEqual([
      'Aziza',
      'English',
      'Mon, Fri',
      'A2',
      'Exported',
      'aziza@example.uz',
      '901234567',
      9,
    ]);
  });
});
