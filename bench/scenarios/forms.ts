import { sql } from 'drizzle-orm';
import { selectRows } from '../../apps/server/src/db/client.js';
import { inCompany } from '../../apps/server/src/platform/tenancy.js';
import { type HttpCall, httpCall, percentile } from '../support.js';
import type { TimedResult, TimedScenario } from './types.js';

const ANSWERS = 20_000;
const READS = 20;
const VISITORS = 50;

const FIELDS = [
  { key: 'name', type: 'short_answer', label: 'Name', help: '', required: true, max_length: 300 },
  { key: 'course', type: 'one_of_list', label: 'Course', help: '', required: true, options: ['English', 'IT', 'Math'] },
  {
    key: 'liked',
    type: 'several_of_list',
    label: 'Liked',
    help: '',
    required: false,
    options: ['Teacher', 'Room', 'Price'],
    max_choices: null,
  },
  { key: 'story', type: 'long_answer', label: 'Story', help: '', required: false, max_length: 2000 },
  { key: 'nps', type: 'nps', label: 'NPS', help: '', required: true, low_label: '', high_label: '' },
];

async function timedReads(label: string, call: () => Promise<{ status: number }>): Promise<TimedResult> {
  const times: number[] = [];
  let ok = true;
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    ok = (await call()).status === 200 && ok;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    label,
    seconds: percentile(times, 0.5) / 1000,
    ok,
    note: `p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms over ${READS} reads`,
  };
}

/**
 * Issue 20's reads at a campaign's size: a published form with 20,000 answers in the large company; the info
 * page's summary (counts per option, NPS), its first page of answers and the xlsx of all of them, and visitors
 * answering one after another (each from its own address).
 */
export const formsScenario: TimedScenario = {
  kind: 'timed',
  name: 'forms',
  what: `a form with ${ANSWERS.toLocaleString('en')} answers: the summary, a page of answers, the xlsx; ${VISITORS} visitors answering`,
  async run({ dataset, database, server, token }) {
    const companyId = dataset.company.id;
    const formId = await inCompany(database.db, companyId, async (tx) => {
      const [form] = await selectRows<{ id: number }>(
        tx,
        sql`insert into forms (company_id, kind, title, fields, status, published_at)
            values (${companyId}, 'form', 'Bench feedback', ${JSON.stringify(FIELDS)}::jsonb, 'published', now())
            returning id::int as id`,
      );
      await tx.execute(sql`
        insert into form_answers (company_id, form_id, values, source, created_at)
        select ${companyId}, ${form?.id},
          jsonb_build_object('name', 'Visitor ' || n, 'course', (array['English','IT','Math'])[1 + n % 3],
            'liked', jsonb_build_array((array['Teacher','Room','Price'])[1 + n % 3]), 'nps', n % 11),
          jsonb_build_object('utm_source', (array['instagram','telegram','google'])[1 + n % 3]),
          now() - make_interval(mins => n)
        from generate_series(1, ${ANSWERS}) as n`);
      return form?.id ?? 0;
    });
    const marketer = token('marketer');
    const get = (path: string) => httpCall(server, { method: 'GET', path }, marketer);
    const results = [
      await timedReads(`the summary of ${ANSWERS.toLocaleString('en')} answers (GET /form/{id}/report)`, () =>
        get(`/api/v1/form/${formId}/report`),
      ),
      await timedReads('the newest 50 answers (GET /form/{id}/answers)', () => get(`/api/v1/form/${formId}/answers`)),
    ];
    const exportStarted = performance.now();
    const sheet = await get(`/api/v1/form/${formId}/answers/export?lang=en`);
    results.push({
      label: `the xlsx of ${ANSWERS.toLocaleString('en')} answers`,
      seconds: (performance.now() - exportStarted) / 1000,
      ok: sheet.status === 200,
      note: `${(sheet.body.length / 1024 / 1024).toFixed(1)} MB`,
    });
    const answerStarted = performance.now();
    let stored = 0;
    for (let i = 0; i < VISITORS; i++) {
      const call: HttpCall = {
        method: 'POST',
        path: `/api/v1/public/form/${formId}`,
        headers: { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ values: { name: `Walk-in ${i}`, course: 'IT', nps: 9 }, source: {} }),
      };
      if ((await httpCall(server, call)).status === 200) stored++;
    }
    results.push({
      label: `${VISITORS} visitors' answers, one after another (POST /public/form/{id})`,
      seconds: (performance.now() - answerStarted) / 1000,
      ok: stored === VISITORS,
      note: `${stored} stored; ${(((performance.now() - answerStarted) / VISITORS) | 0).toString()} ms each`,
    });
    return results;
  },
};
