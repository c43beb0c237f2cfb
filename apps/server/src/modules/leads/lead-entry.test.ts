import { type Lead, type LeadBoard, PUBLIC_LEAD_RATE_PER_MINUTE } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { WEBSITE_SOURCE } from './lead-public.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';
import { nextLeadPhone } from './leads-test-world.js';

/**
 * Spec §7 POST /leads/lead, "the /entry lead form's call": public without a token (the defences of POST
 * /public/lead), the signed-in quick form with one (POST /create_lead's access and answer).
 */
const { app, database } = await openTestApp();
let w: LeadsApiWorld;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
});

let ipSeq = 1;
/** Each test its own address, so the per-address limit of one test never touches another. */
const nextIp = () => `198.51.100.${ipSeq++}`;

const post = (url: string, o: { ip?: string; token?: string; body?: unknown; sub?: string } = {}) =>
  w.postFrom(o.ip ?? nextIp(), url, { body: o.body, token: o.token, host: o.sub });

const query = (fields: Record<string, string | number>) =>
  `/leads/lead?${new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]))}`;

const leadsNamed = (name: string) => w.leadsNamed(name);

const board = async (branch = w.main) =>
  (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${branch}`)).body as LeadBoard;

describe('POST /leads/lead without a token (the /entry form)', () => {
  it("takes the spec's query fields and puts the lead on top of incoming, from the Website form", async () => {
    const res = await post(
      query({
        branch_id: w.north,
        name: 'Entry Visitor',
        phone: '90 765 43 21',
        comment: 'Mornings',
        course: 'english',
      }),
    );
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    const top = (await board(w.north)).columns[0]?.leads[0];
    expect(top).toMatchObject({
      name: 'Entry Visitor',
      phone: '907654321',
      comment: 'Mornings',
      course_id: w.course,
      source: WEBSITE_SOURCE,
      column: 'incoming',
      admin: null,
    });
    const [added] = await w.historyOf('leadAdded', top?.id ?? 0);
    expect(added).toMatchObject({ actorId: null, data: expect.objectContaining({ via: 'public_form' }) });
  });

  it("lands in the section named when it is the branch's, else in incoming", async () => {
    const section = await w.api(w.tokens.admin, 'POST', '/leadSection', {
      branch_id: w.main,
      column: 'waiting',
      title: 'From the site',
    });
    await post(query({ branch_id: w.main, name: 'Sectioned', phone: nextLeadPhone(), section: section.body.id }));
    expect((await leadsNamed('Sectioned'))[0]).toMatchObject({ column: 'waiting', sectionId: section.body.id });
    // A section of another branch's board (a stale or forged form) is ignored, as an unknown course is.
    await post(query({ branch_id: w.north, name: 'Strayed', phone: nextLeadPhone(), section: section.body.id }));
    expect((await leadsNamed('Strayed'))[0]).toMatchObject({ branchId: w.north, column: 'incoming', sectionId: null });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const res = await post('/leads/lead', { body: { name: 'Entry Bot', phone: '901234567', website: 'x.example' } });
    expect([res.status, res.body]).toEqual([200, { ok: true }]);
    expect(await leadsNamed('Entry Bot')).toHaveLength(0);
  });

  it('refuses a missing name or a wrong phone with field errors', async () => {
    const noName = await post('/leads/lead', { body: { phone: '901234567' } });
    expect([noName.status, noName.body.error.details[0].field]).toEqual([400, 'name']);
    const shortPhone = await post(query({ name: 'Short', phone: '90 12' }));
    expect(shortPhone.body.error.details).toEqual([expect.objectContaining({ field: 'phone', rule: 'phone_invalid' })]);
  });

  it('shares the per-address limit with POST /public/lead: a bot gains nothing by taking turns', async () => {
    const ip = nextIp();
    for (let i = 0; i < PUBLIC_LEAD_RATE_PER_MINUTE; i++) {
      const url = i % 2 ? '/public/lead' : '/leads/lead';
      expect((await post(url, { ip, body: { name: `Turn ${i}`, phone: nextLeadPhone() } })).status).toBe(200);
    }
    const refused = await post(query({ name: 'Turn over', phone: nextLeadPhone() }), { ip });
    expect([refused.status, refused.body.error.code]).toEqual([429, 'too_many_requests']);
    expect(await leadsNamed('Turn over')).toHaveLength(0);
  });

  it('answers 404 on a host of no company', async () => {
    const res = await post(query({ name: 'Nowhere', phone: nextLeadPhone() }), { sub: 'no-such-centre' });
    expect([res.status, res.body.error.code]).toEqual([404, 'company_not_found']);
  });
});

describe('POST /leads/lead with a token (the quick form)', () => {
  it('creates the lead as the signed-in user and answers it, without the public form’s limit', async () => {
    const ip = nextIp();
    for (let i = 0; i <= PUBLIC_LEAD_RATE_PER_MINUTE; i++) {
      const res = await post(query({ branch_id: w.main, name: `Quick ${i}`, phone: nextLeadPhone() }), {
        ip,
        token: w.tokens.marketer,
      });
      expect(res.status).toBe(200);
      expect(res.body as Lead).toMatchObject({ name: `Quick ${i}`, branch_id: w.main, source: null });
    }
    const [made] = await leadsNamed('Quick 0');
    const [added] = await w.historyOf('leadAdded', made?.id ?? 0);
    expect(added?.actorId).toBe(w.company.users.marketer.id);
  });

  it('keeps the signed-in rules: branch_id required, a role outside leads 403, a bad token 401', async () => {
    const noBranch = await post(query({ name: 'No Branch', phone: nextLeadPhone() }), { token: w.tokens.admin });
    expect([noBranch.status, noBranch.body.error.details[0].field]).toEqual([400, 'branch_id']);

    const teacher = await post(query({ branch_id: w.main, name: 'By Teacher', phone: nextLeadPhone() }), {
      token: w.tokens.teacher,
    });
    expect([teacher.status, teacher.body.error.code]).toEqual([403, 'forbidden']);
    const forged = await post(query({ branch_id: w.main, name: 'Forged', phone: nextLeadPhone() }), {
      token: 'not-a-token',
    });
    expect([forged.status, forged.body.error.code]).toEqual([401, 'unauthorized']);
    expect([...(await leadsNamed('By Teacher')), ...(await leadsNamed('Forged'))]).toHaveLength(0);
  });

  it("refuses another company's token on this company's host", async () => {
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Elsewhere',
      subdomain: uniqueSubdomain('else'),
      branches: ['E'],
    });
    const theirs = await loginAs(app, other.subdomain, '900000002');
    const res = await post(query({ branch_id: w.main, name: 'Cross', phone: nextLeadPhone() }), { token: theirs });
    expect([res.status, res.body.error.code]).toEqual([401, 'token_company_mismatch']);
    expect(await leadsNamed('Cross')).toHaveLength(0);
  });
});
