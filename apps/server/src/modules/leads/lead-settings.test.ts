import type { LeadReason, LeadSource } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
});

const sources = async (query = '', token = w.tokens.marketer) =>
  ((await w.api(token, 'GET', `/leadSource${query}`)).body.data as LeadSource[]).map((s) => `${s.name}:${s.active}`);
const reasons = async (query = '', token = w.tokens.marketer) =>
  (await w.api(token, 'GET', `/leads/archive-reason${query}`)).body.data as LeadReason[];

describe('lead sources', () => {
  it('are created, renamed and listed (active ones; all=1 every one), by a marketer too', async () => {
    const made = await w.api(w.tokens.marketer, 'POST', '/leadSource', { name: 'Telegram' });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ id: expect.any(Number), name: 'Telegram', active: true });
    const renamed = await w.api(w.tokens.marketer, 'PUT', `/leadSource/${made.body.id}`, {
      name: 'Telegram channel',
      active: false,
    });
    expect(renamed.body).toEqual({ id: made.body.id, name: 'Telegram channel', active: false });
    expect(await sources()).toEqual(['Instagram:true']);
    expect(await sources('?all=1')).toEqual(['Instagram:true', 'Telegram channel:false']);
    const history = await w.historyOf('leadSettingsChanged', made.body.id);
    expect(history.map((h) => (h.data as { action: string }).action)).toEqual(['created', 'updated']);
  });

  it('refuse a name the company already has, ignoring case, with a 400 on name', async () => {
    const taken = await w.api(w.tokens.admin, 'POST', '/leadSource', { name: 'INSTAGRAM' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details).toEqual([expect.objectContaining({ field: 'name', rule: 'unique' })]);
    const other = (await w.api(w.tokens.admin, 'POST', '/leadSource', { name: 'Friend' })).body as LeadSource;
    const renameOnto = await w.api(w.tokens.admin, 'PUT', `/leadSource/${other.id}`, { name: 'instagram' });
    expect(renameOnto.status).toBe(400);
    expect((await w.api(w.tokens.admin, 'PUT', `/leadSource/${other.id}`, { name: 'friend' })).status).toBe(200);
    expect((await w.api(w.tokens.admin, 'POST', '/leadSource', { name: '  ' })).status).toBe(400);
  });

  it('are deleted when no lead has them, else deactivated and kept on their leads', async () => {
    const unused = (await w.api(w.tokens.admin, 'POST', '/leadSource', { name: 'Billboard' })).body as LeadSource;
    expect((await w.api(w.tokens.admin, 'DELETE', `/leadSource/${unused.id}`)).body).toEqual({
      ok: true,
      deactivated: false,
    });
    const used = (await w.api(w.tokens.admin, 'POST', '/leadSource', { name: 'Radio' })).body as LeadSource;
    const lead = await w.lead({ name: 'Heard on radio', sourceId: used.id });
    expect((await w.api(w.tokens.admin, 'DELETE', `/leadSource/${used.id}`)).body).toEqual({
      ok: true,
      deactivated: true,
    });
    expect(await sources('?all=1')).toContain('Radio:false');
    expect(await sources('?all=1')).not.toContain('Billboard:true');
    expect((await w.api(w.tokens.admin, 'GET', `/leadData/${lead.id}`)).body.source).toBe('Radio');
    // A deactivated source is no new choice.
    const pick = await w.api(w.tokens.admin, 'PUT', `/leadData/${lead.id}`, { source_id: w.source });
    expect(pick.status).toBe(200);
    const back = await w.api(w.tokens.admin, 'PUT', `/leadData/${lead.id}`, { source_id: used.id });
    expect(back.status).toBe(400);
  });

  it('refuse a teacher', async () => {
    expect((await w.api(w.tokens.teacher, 'GET', '/leadSource')).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'POST', '/leadSource', { name: 'X' })).status).toBe(403);
  });
});

describe('lead deletion reasons', () => {
  it('are made by the admin set with the author as staff; the board (a marketer too) reads the active ones', async () => {
    const made = await w.api(w.tokens.admin, 'POST', '/leads/archive-reason', { title: 'No answer' });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      id: expect.any(Number),
      title: 'No answer',
      staff: { id: w.company.users.admin.id, name: 'Malika Yusupova' },
      active: true,
    });
    const off = await w.api(w.tokens.admin, 'PUT', `/leads/archive-reason/${made.body.id}`, {
      title: 'No answer (3 calls)',
      active: false,
    });
    expect(off.body).toMatchObject({
      title: 'No answer (3 calls)',
      active: false,
      staff: { id: w.company.users.admin.id },
    });
    expect((await reasons()).map((r) => r.title)).toEqual(['Too expensive']);
    expect((await reasons('?all=1')).map((r) => [r.title, r.active])).toEqual([
      ['Too expensive', true],
      ['No answer (3 calls)', false],
    ]);
    expect((await w.api(w.tokens.marketer, 'POST', '/leads/archive-reason', { title: 'Spam' })).status).toBe(403);
    expect((await w.api(w.tokens.teacher, 'GET', '/leads/archive-reason')).status).toBe(403);
  });

  it('refuse a title the company already has, ignoring case', async () => {
    const taken = await w.api(w.tokens.admin, 'POST', '/leads/archive-reason', { title: 'too EXPENSIVE' });
    expect(taken.status).toBe(400);
    expect(taken.body.error.details).toEqual([expect.objectContaining({ field: 'title', rule: 'unique' })]);
  });

  it('are deleted when unused, else deactivated; an inactive reason archives no lead', async () => {
    const unused = (await w.api(w.tokens.admin, 'POST', '/leads/archive-reason', { title: 'Moved away' })).body;
    expect((await w.api(w.tokens.admin, 'DELETE', `/leads/archive-reason/${unused.id}`)).body.deactivated).toBe(false);
    const used = (await w.api(w.tokens.admin, 'POST', '/leads/archive-reason', { title: 'Chose another centre' })).body;
    const lead = await w.lead({ name: 'Gone elsewhere' });
    await w.api(w.tokens.admin, 'DELETE', `/leadData/${lead.id}?reason_id=${used.id}`);
    expect((await w.api(w.tokens.admin, 'DELETE', `/leads/archive-reason/${used.id}`)).body.deactivated).toBe(true);
    expect((await w.api(w.tokens.admin, 'GET', `/leadData/${lead.id}`)).body.archive_reason).toEqual({
      id: used.id,
      title: 'Chose another centre',
    });
    const another = await w.lead({ name: 'Still here' });
    const refused = await w.api(w.tokens.admin, 'DELETE', `/leadData/${another.id}?reason_id=${used.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'reason_id' })]);
  });
});
