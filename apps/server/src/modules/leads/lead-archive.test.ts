import type { Lead, LeadBoard } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsApiWorld;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
});

const restore = (id: number, token = w.tokens.admin) => w.api(token, 'POST', `/leads/archive/${id}/restore`);
const incoming = async () =>
  ((await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body as LeadBoard).columns[0]?.leads ?? [];

describe('restoring a lead from the archive', () => {
  it('brings it back to the top of "incoming", out of its section, its reason cleared', async () => {
    await w.lead({ name: 'On top before', position: -10_000 });
    const section = await w.api(w.tokens.admin, 'POST', '/leadSection', {
      branch_id: w.main,
      column: 'waiting',
      title: 'Think it over',
    });
    const card = await w.lead({ name: 'Came back', column: 'waiting', sectionId: section.body.id });
    expect((await w.api(w.tokens.admin, 'DELETE', `/leadData/${card.id}?reason_id=${w.reason}`)).status).toBe(200);
    const res = await restore(card.id, w.tokens.marketer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: card.id,
      column: 'incoming',
      section_id: null,
      archived_at: null,
      archive_reason: null,
    });
    expect((await incoming())[0]?.id).toBe(card.id);
    const [restored] = await w.historyOf('leadRestored', card.id);
    expect(restored?.data).toMatchObject({ reason_id: w.reason });
    const archive = await w.api(w.tokens.admin, 'GET', `/leads/archive?branch_id=${w.main}`);
    expect(archive.body.data.some((l: Lead) => l.id === card.id)).toBe(false);
  });

  it('refuses a lead that is not archived, a teacher and a branch the caller does not work in', async () => {
    const live = await w.lead({ name: 'Never archived' });
    const notArchived = await restore(live.id);
    expect(notArchived.status).toBe(409);
    expect(notArchived.body.error.code).toBe('lead_not_archived');
    const archived = await w.lead({ name: 'Archived', archiveReasonId: w.reason });
    expect((await restore(archived.id, w.tokens.teacher)).status).toBe(403);
    expect((await restore(archived.id, w.tokens.northAdmin)).status).toBe(403);
    expect((await restore(99_999_999)).status).toBe(404);
  });
});

describe("the update records of a lead's life", () => {
  it('are create, update, delete, create, in that order and numbered one after another', async () => {
    const from = await w.boardTime();
    const made = (
      await w.api(w.tokens.admin, 'POST', '/leadData', { branch_id: w.main, name: 'Life', phone: '905550001' })
    ).body as Lead;
    await w.api(w.tokens.admin, 'PUT', `/leadData/${made.id}`, { comment: 'called' });
    await w.api(w.tokens.admin, 'DELETE', `/leadData/${made.id}?reason_id=${w.reason}`);
    await restore(made.id);
    const records = await w.recordsAfter(from);
    expect(records.map((r) => [r.time, r.action, r.uuid])).toEqual([
      [from + 1, 'create', made.uuid],
      [from + 2, 'update', made.uuid],
      [from + 3, 'delete', made.uuid],
      [from + 4, 'create', made.uuid],
    ]);
    expect(records[3]?.location).toEqual({ column: 'incoming', section: null });
    expect(records[1]?.data).toMatchObject({ comment: 'called' });
  });
});
