import type { FormList, FormReport } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../test/helpers.js';
import { createLessonsWorld } from '../modules/lessons/lessons-test-world.js';
import { seedBlogDemo } from './blog-demo.js';
import { seedFormsDemo } from './forms-demo.js';

const { app, database } = await openTestApp();

describe('seedFormsDemo', () => {
  it('gives the demo a feedback form with answers, an answered audit, a lead form with leads and a landing page', async () => {
    const w = await createLessonsWorld(app, database.db);
    await seedFormsDemo(database.db, w.company, 'uz', 'uz');
    const marketer = await loginAs(app, w.sub, '900000005');
    const list = (await w.api(marketer, 'GET', '/form')).body as FormList;
    expect(list.data.map((f) => [f.kind, f.status, f.answers])).toEqual([
      ['lead', 'published', 3],
      ['audit', 'published', 3],
      ['form', 'published', 40],
    ]);
    const feedback = list.data.find((f) => f.kind === 'form');
    const report = (await w.api(marketer, 'GET', `/form/${feedback?.id}/report`)).body as FormReport;
    expect(report.fields.find((f) => f.key === 'nps')?.nps?.count).toBe(40);
    const audit = list.data.find((f) => f.kind === 'audit');
    const byTeacher = (await w.api(marketer, 'GET', `/form/${audit?.id}/report`)).body.by_teacher;
    expect(byTeacher).toHaveLength(1);
    const board = (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body;
    expect(JSON.stringify(board)).toContain('Madina Rahimova');
    const landing = await app.inject({ url: '/landing-page/qabul', headers: { host: `${w.sub}.localhost` } });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain(`/entry/form/${list.data[0]?.id}`);
    const look = await app.inject({ url: '/api/v1/public/login-look', headers: { host: `${w.sub}.localhost` } });
    expect(JSON.parse(look.body).welcome.uz).toContain('Xush kelibsiz');
  });

  it('gives the demo news: the teacher reads his and everybody’s posts, the newest unread', async () => {
    const w = await createLessonsWorld(app, database.db);
    await seedBlogDemo(database.db, w.company, 'uz');
    const news = (await w.api(w.tokens.teacher, 'GET', '/blog/')).body;
    expect(news.data.map((p: { title: string; is_viewed: boolean }) => [p.title, p.is_viewed])).toEqual([
      ['Dekabrdan yangi IELTS guruhlari', false],
      ['Oʻqituvchilar yigʻilishi — shanba 10:00', true],
      ['Yangi toʻlov usuli: Click va Payme', true],
    ]);
  });
});
