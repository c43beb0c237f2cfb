import { type Form, type FormReport, Role } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { formAuditLinks, leadSources, leads, smsMessages } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createStaff } from '../../seed/users-factories.js';
import { createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 20: audit forms answered once per student through a personal link, and lead forms that make leads. */
const { app, database } = await openTestApp();
let w: LessonsWorld;
let marketer: string;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  marketer = await loginAs(app, w.sub, '900000005');
});

const inWorld = <T>(work: Parameters<typeof inCompany<T>>[2]) => inCompany(database.db, w.company.id, work);

async function publishedForm(body: object): Promise<Form> {
  const made = await w.api(marketer, 'POST', '/form', body);
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  await w.api(marketer, 'POST', `/form/${made.body.id}/publish`, { published: true });
  return made.body as Form;
}

const publicCall = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app
    .inject({
      method,
      url: `/api/v1${url}`,
      headers: { host: `${w.sub}.localhost` },
      ...(payload ? { payload } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) }));

describe('an audit form', () => {
  const fields = [
    { key: 'nps', type: 'nps', label: 'Would you recommend your teacher?', required: true },
    { key: 'why', type: 'long_answer', label: 'Why?' },
  ];

  it('sends each seated student of a group his own link once, and takes one answer per link', async () => {
    const form = await publishedForm({ kind: 'audit', title: 'Lesson quality', fields });
    expect(form.public_path).toBeNull();
    const sent = await w.api(marketer, 'POST', `/form/${form.id}/audit-links`, { group_ids: [w.group] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Four seated students (s1, s2, s3 and the one who joined on the 11th); the one who left gets none.
    expect(sent.body).toEqual({ sent: 4, skipped: 0 });
    expect((await w.api(marketer, 'POST', `/form/${form.id}/audit-links`, { group_ids: [w.group] })).body).toEqual({
      sent: 0,
      skipped: 4,
    });
    const links = await inWorld((tx) => tx.select().from(formAuditLinks).where(eq(formAuditLinks.formId, form.id)));
    expect(links.map((l) => l.teacherId)).toEqual([w.teacherId, w.teacherId, w.teacherId, w.teacherId]);
    const texts = await inWorld((tx) =>
      tx.select({ text: smsMessages.text }).from(smsMessages).where(eq(smsMessages.userId, links[0]!.studentId)),
    );
    expect(texts.some((m) => m.text.includes(`/entry/audit/${form.id}/${w.company.id}?token=${links[0]!.token}`))).toBe(
      true,
    );

    const address = (token: string) => `/public/audit/${form.id}/${w.company.id}?token=${token}`;
    const [first, second] = links as [(typeof links)[0], (typeof links)[0]];
    const page = await publicCall('GET', address(first.token));
    expect(page.body.audit).toMatchObject({ group_title: 'Morning English' });
    expect((await publicCall('POST', address(first.token), { values: { nps: 10 } })).body).toEqual({ stored: true });
    const again = await publicCall('POST', address(first.token), { values: { nps: 0 } });
    expect([again.status, again.body.error.code]).toEqual([409, 'audit_link_used']);
    expect((await publicCall('GET', address(first.token))).body.error.code).toBe('audit_link_used');
    await publicCall('POST', address(second.token), { values: { nps: 6, why: 'Too fast' } });
    const unknown = await publicCall('GET', address('x'.repeat(32)));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'audit_link_unknown']);
    // Another company's id in the address, on this company's subdomain: not found.
    expect(
      (await publicCall('GET', `/public/audit/${form.id}/${w.company.id + 9999}?token=${first.token}`)).status,
    ).toBe(404);

    const report = (await w.api(marketer, 'GET', `/form/${form.id}/report`)).body as FormReport;
    expect(report.by_teacher).toEqual([
      {
        id: w.teacherId,
        name: expect.any(String),
        nps: { count: 2, promoters: 1, passives: 0, detractors: 1, score: 0 },
      },
    ]);
    expect(report.by_group[0]).toMatchObject({ id: w.group, title: 'Morning English' });
    const rows = (await w.api(marketer, 'GET', `/form/${form.id}/answers?teacher_id=${w.teacherId}`)).body.data;
    expect(rows.map((r: { student: { id: number } }) => r.student.id).sort()).toEqual(
      [first.studentId, second.studentId].sort(),
    );
  });

  it('is sent only when published, only by the forms roles, and not as a public page', async () => {
    const made = await w.api(marketer, 'POST', '/form', { kind: 'audit', title: 'Draft survey', fields });
    const send = (token: string) => w.api(token, 'POST', `/form/${made.body.id}/audit-links`, { group_ids: [w.group] });
    expect((await send(marketer)).body.error.code).toBe('form_closed');
    expect((await send(w.tokens.teacher)).status).toBe(403);
    await w.api(marketer, 'POST', `/form/${made.body.id}/publish`, { published: true });
    expect((await publicCall('GET', `/public/form/${made.body.id}`)).status).toBe(404);
  });
});

describe('a lead form', () => {
  it('puts each answer on the board in its branch and source, with the other answers as the comment', async () => {
    const [source] = await inWorld((tx) =>
      tx.insert(leadSources).values({ companyId: w.company.id, name: 'Instagram ad' }).returning(),
    );
    const form = await publishedForm({
      kind: 'lead',
      title: 'IELTS in 3 months',
      branch_id: w.north,
      source_id: source!.id,
      fields: [
        { key: 'name', type: 'short_answer', label: 'Name', required: true },
        { key: 'phone', type: 'phone', label: 'Phone', required: true },
        { key: 'goal', type: 'dropdown', label: 'Goal', options: ['6.5', '7.5'] },
      ],
    });
    const stored = await publicCall('POST', `/public/form/${form.id}`, {
      values: { name: 'Lola Lead', phone: '90 765 43 21', goal: '7.5' },
      source: { utm_source: 'instagram' },
    });
    expect(stored.body).toEqual({ stored: true });
    const [lead] = await inWorld((tx) =>
      tx
        .select()
        .from(leads)
        .where(and(eq(leads.companyId, w.company.id), eq(leads.name, 'Lola Lead'))),
    );
    expect(lead).toMatchObject({
      branchId: w.north,
      phone: '907654321',
      sourceId: source!.id,
      column: 'incoming',
      comment: 'Goal: 7.5',
    });
    const [row] = (await w.api(marketer, 'GET', `/form/${form.id}/answers`)).body.data;
    expect(row.lead_id).toBe(lead!.id);
  });

  it('needs a branch of the person who builds it and a required name and phone', async () => {
    const fields = [
      { key: 'name', type: 'short_answer', label: 'Name', required: true },
      { key: 'phone', type: 'phone', label: 'Phone', required: false },
    ];
    const noPhone = await w.api(marketer, 'POST', '/form', { kind: 'lead', title: 'L', branch_id: w.main, fields });
    expect(noPhone.body.error.details[0]).toMatchObject({ field: 'fields', rule: 'lead_form_needs_name_and_phone' });
    // A marketer of the main branch only may not send leads to the north branch's board.
    await createStaff(database.db, w.company.id, {
      name: 'Malika Marketer',
      phone: '977770001',
      roles: [Role.marketer],
      branchIds: [w.main],
    });
    const mainOnly = await loginAs(app, w.sub, '977770001');
    const north = await w.api(mainOnly, 'POST', '/form', {
      kind: 'lead',
      title: 'L',
      branch_id: w.north,
      fields: fields.map((f) => ({ ...f, required: true })),
    });
    expect([north.status, north.body.error.code]).toEqual([403, 'branch_forbidden']);
  });
});
