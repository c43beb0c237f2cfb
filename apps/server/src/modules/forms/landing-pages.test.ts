import { GroupStatus, type LandingPage, type LandingPageInput } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { companies } from '../../db/schema/index.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { postFile } from '../courses/test-support.js';
import { createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 20: landing pages built from blocks and served as HTML, the log-in page's look, and form pictures. */
const { app, database } = await openTestApp();
let w: LessonsWorld;
let marketer: string;
let leadForm: number;

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  marketer = await loginAs(app, w.sub, '900000005');
  await createCourse(database.db, w.company.id, { name: 'IELTS Intensive', code: 'IEL', price: 900_000 });
  await createGroupRow(database.db, w.company.id, {
    branchId: w.main,
    courseId: w.english,
    teacherId: w.teacherId,
    roomId: w.rooms.b,
    dayType: 'even',
    startTime: '18:00',
    endTime: '19:30',
    startDate: '2026-12-01',
    name: 'Evening English',
    status: GroupStatus.selection,
  });
  const form = await w.api(marketer, 'POST', '/form', {
    kind: 'lead',
    title: 'Call me',
    branch_id: w.main,
    fields: [
      { key: 'name', type: 'short_answer', label: 'Name', required: true },
      { key: 'phone', type: 'phone', label: 'Phone', required: true },
    ],
  });
  leadForm = form.body.id;
  await w.api(marketer, 'POST', `/form/${leadForm}/publish`, { published: true });
});

const page = (overrides: Partial<LandingPageInput> = {}): LandingPageInput => ({
  slug: 'ielts',
  locale: 'en',
  title: 'IELTS in 3 months',
  description: 'Small groups, <b>real</b> exams.',
  published: true,
  blocks: [
    { type: 'hero', heading: 'Get 7.5 <script>alert(1)</script>', text: 'Start in December', button: 'Apply' },
    { type: 'courses', heading: 'Courses' },
    { type: 'teachers', heading: 'Teachers', teacher_ids: [w.teacherId] },
    { type: 'groups', heading: 'Groups starting soon', branch_id: null },
    { type: 'testimonials', heading: 'They say', items: [{ name: 'Dilnoza', text: 'Got 8.0 "overall"' }] },
    { type: 'contacts', heading: 'Find us', address: 'Tashkent, Amir Temur 1', phone: '+998 71 200 00 00' },
    { type: 'lead_form', heading: 'Leave a request', form_id: leadForm },
  ],
  ...overrides,
});

const visit = (slug: string, sub = w.sub) =>
  app.inject({ method: 'GET', url: `/landing-page/${slug}`, headers: { host: `${sub}.localhost` } });

describe('a landing page', () => {
  it('is served as HTML with the catalogue’s courses and prices, teachers, recruiting groups and the form', async () => {
    const made = await w.api(marketer, 'POST', '/landing-pages', page({ pixel_id: '1234567890' }));
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect((made.body as LandingPage).path).toBe('/landing-page/ielts');
    const res = await visit('ielts');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>IELTS in 3 months</title>');
    expect(html).toContain('<meta name="description" content="Small groups, &lt;b&gt;real&lt;/b&gt; exams.">');
    expect(html).toContain('Get 7.5 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toMatch(/IELTS Intensive<\/h3>.*Price: 900 000 UZS · 6 months/s);
    expect(html).toContain('<h3>English</h3>');
    expect(html).toMatch(/<strong>English<\/strong> · Tue, Thu, Sat 18:00–19:30 · Starts: 01\.12\.2026 · Main/);
    expect(html).not.toContain('Morning English'); // an active group is not recruiting
    expect(html).toContain('Got 8.0 &quot;overall&quot;');
    expect(html).toContain(`<iframe class="form" src="/entry/form/${leadForm}"`);
    expect(html).toContain('href="#form"');
    // The pixel's snippet runs under this answer's nonce; no other inline script could.
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toContain("fbq('init','1234567890')");
  });

  it('keeps its slug unique in the company, and is not found while a draft, deleted or asked on another host', async () => {
    const first = await w.api(marketer, 'POST', '/landing-pages', page({ slug: 'summer', published: false }));
    expect(first.status).toBe(200);
    const taken = await w.api(marketer, 'POST', '/landing-pages', page({ slug: 'Summer' }));
    expect([taken.status, taken.body.error.code]).toEqual([409, 'landing_slug_taken']);
    expect((await w.api(marketer, 'POST', '/landing-pages', page({ slug: '-bad slug' }))).status).toBe(400);
    expect((await visit('summer')).statusCode).toBe(404);
    await w.api(marketer, 'PUT', `/landing-pages/${first.body.id}`, page({ slug: 'summer', published: true }));
    expect((await visit('summer')).statusCode).toBe(200);
    expect((await visit('summer', 'no-such-centre')).statusCode).toBe(404);
    await w.api(marketer, 'DELETE', `/landing-pages/${first.body.id}`);
    expect((await visit('summer')).statusCode).toBe(404);
  });

  it('embeds only the company’s public forms, and is built by the forms roles only', async () => {
    const audit = await w.api(marketer, 'POST', '/form', {
      kind: 'audit',
      title: 'Quality',
      fields: [{ key: 'n', type: 'nps', label: 'NPS' }],
    });
    const refused = await w.api(
      marketer,
      'POST',
      '/landing-pages',
      page({ slug: 'audit', blocks: [{ type: 'lead_form', heading: '', form_id: audit.body.id }] }),
    );
    expect([refused.status, refused.body.error.details[0].field]).toEqual([400, 'blocks.0.form_id']);
    const draft = await w.api(marketer, 'POST', '/form', {
      title: 'Draft',
      fields: [{ key: 'q', type: 'short_answer', label: 'Q' }],
    });
    const withDraft = page({ slug: 'draft', blocks: [{ type: 'lead_form', heading: '', form_id: draft.body.id }] });
    expect((await w.api(marketer, 'POST', '/landing-pages', withDraft)).status).toBe(400);
    // The marketer picks the courses and teachers to show, though he may not list them elsewhere.
    const choices = (await w.api(marketer, 'GET', '/landing-pages/choices')).body;
    expect(choices.courses.map((c: { name: string }) => c.name)).toContain('IELTS Intensive');
    expect(choices.teachers.map((c: { id: number }) => c.id)).toContain(w.teacherId);
    expect((await w.api(w.tokens.teacher, 'POST', '/landing-pages', page({ slug: 'teacher' }))).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', '/landing-pages')).status).toBe(403);
  });
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .png()
    .toBuffer();

describe('form pictures and the log-in page’s look', () => {
  it('cut a lead form’s header to 610x160 and say so, and serve it to anyone', async () => {
    const upload = await postFile(
      app,
      { url: '/form/picture?kind=lead_header', sub: w.sub, token: marketer },
      'header.png',
      'image/png',
      await picture(1200, 600),
    );
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    expect(upload.body).toMatchObject({ width: 610, height: 160, cropped: true });
    const served = await app.inject({ method: 'GET', url: upload.body.address });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(610);
    const exact = await postFile(
      app,
      { url: '/form/picture?kind=lead_header', sub: w.sub, token: marketer },
      'header.png',
      'image/png',
      await picture(1220, 320),
    );
    expect(exact.body.cropped).toBe(false);
    const leadBody = (image: string) => ({
      kind: 'lead',
      title: 'With a header',
      branch_id: w.main,
      image,
      fields: [
        { key: 'name', type: 'short_answer', label: 'Name', required: true },
        { key: 'phone', type: 'phone', label: 'Phone', required: true },
      ],
    });
    expect((await w.api(marketer, 'POST', '/form', leadBody(upload.body.address))).body.image).toBe(
      upload.body.address,
    );
    const elsewhere = await w.api(marketer, 'POST', '/form', leadBody('https://evil.example/header.png'));
    expect([elsewhere.status, elsewhere.body.error.details[0].field]).toEqual([400, 'image']);
  });

  it('shows the welcome text per language and one of the company’s backgrounds on its log-in page', async () => {
    const background = `/api/v1/company/${w.company.id}/picture/${'b'.repeat(32)}`;
    await database.db
      .update(companies)
      .set({ backgrounds: [background] })
      .where(eq(companies.id, w.company.id));
    const foreign = await w.api(marketer, 'PUT', '/login-look', { background: 'https://evil.example/x.png' });
    expect([foreign.status, foreign.body.error.details[0].field]).toEqual([400, 'background']);
    const saved = await w.api(marketer, 'PUT', '/login-look', {
      welcome: { uz: 'Xush kelibsiz!', en: 'Welcome back!' },
      background,
    });
    expect(saved.body).toMatchObject({
      welcome: { uz: 'Xush kelibsiz!', ru: '', en: 'Welcome back!', id: '' },
      background,
      policies: { edit: true, edit_pictures: false },
    });
    const shown = await app.inject({ url: '/api/v1/public/login-look', headers: { host: `${w.sub}.localhost` } });
    expect(JSON.parse(shown.body)).toEqual({
      welcome: { uz: 'Xush kelibsiz!', ru: '', en: 'Welcome back!', id: '' },
      background,
    });
    expect((await w.api(w.tokens.teacher, 'PUT', '/login-look', { background: null })).status).toBe(403);
  });
});
