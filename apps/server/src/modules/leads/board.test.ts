import { HistoryEvent, LEAD_FIRST_PAGE_SIZE, LEAD_PAGE_SIZE, type LeadBoard, type LeadIncrement } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { historyEvents, leadSections } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { createLeadsWorld, type LeadsWorld } from './leads-test-world.js';

const { app, database } = await openTestApp();
let w: LeadsWorld;

beforeAll(async () => {
  w = await createLeadsWorld(app, database.db);
});

const board = async (token = w.tokens.admin, branch = w.main) =>
  (await w.api(token, 'GET', `/leads/?branch_id=${branch}`)).body as LeadBoard;
const change = (body: Record<string, unknown>, token = w.tokens.admin, branch = w.main) =>
  w.api(token, 'POST', `/lead-increment/?branch_id=${branch}`, body);
const updatesFrom = async (from: number, branch = w.main) =>
  (await w.api(w.tokens.admin, 'GET', `/lead-increment/updates?branch_id=${branch}&from=${from}`)).body as {
    time: number;
    updates: LeadIncrement[];
    reset: boolean;
  };
const move = (uuid: string, column: string, extra: Record<string, unknown> = {}, section: number | null = null) =>
  change({ action: 'update', type: 'lead', uuid, data: extra, location: { column, section } });
const cardsOf = (b: LeadBoard, column: string) => b.columns.find((c) => c.column === column)?.leads ?? [];

describe('the lead board', () => {
  it('shows the three columns in order with their cards by position and counts', async () => {
    const first = await w.lead({ name: 'First', position: 0 });
    await w.lead({ name: 'Second', position: 2048 });
    await w.lead({ name: 'Waiting', column: 'waiting' });
    const b = await board();
    expect(b.columns.map((c) => c.column)).toEqual(['incoming', 'waiting', 'set']);
    const incoming = cardsOf(b, 'incoming');
    expect(incoming.slice(0, 2).map((l) => l.name)).toEqual(['First', 'Second']);
    expect(incoming[0]).toMatchObject({ uuid: first.uuid, column: 'incoming', section_id: null, tags: [] });
    expect(b.columns[1]?.count).toBe(1);
  });

  it(`opens each list with its first ${LEAD_FIRST_PAGE_SIZE} cards and its count; leads/more pages on in place order`, async () => {
    const [section] = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .insert(leadSections)
        .values({ companyId: w.company.id, branchId: w.main, column: 'waiting', title: 'Many', position: 9 })
        .returning({ id: leadSections.id }),
    );
    const sectionId = section?.id as number;
    const total = LEAD_FIRST_PAGE_SIZE + LEAD_PAGE_SIZE + 3;
    await insertLeads(
      database.db,
      w.company.id,
      Array.from({ length: total }, (_, i) => ({
        branchId: w.main,
        name: `Many ${String(i).padStart(3, '0')}`,
        phone: `93555${String(i).padStart(4, '0')}`,
        column: 'waiting' as const,
        sectionId,
        // Two cards share each position: the id breaks the tie, in the board and in leads/more alike.
        position: Math.floor(i / 2) * 1024,
      })),
    );
    const names = Array.from({ length: total }, (_, i) => `Many ${String(i).padStart(3, '0')}`);
    const list = (await board()).columns[1]?.sections.find((s) => s.id === sectionId);
    expect(list?.count).toBe(total);
    expect(list?.leads.map((l) => l.name)).toEqual(names.slice(0, LEAD_FIRST_PAGE_SIZE));

    const more = async (after: { position: number; id: number }) => {
      const res = await w.api(
        w.tokens.marketer,
        'GET',
        `/leads/more?branch_id=${w.main}&column=waiting&section_id=${sectionId}&after_position=${after.position}&after_id=${after.id}`,
      );
      expect(res.status).toBe(200);
      return res.body.data as LeadBoard['columns'][number]['leads'];
    };
    const second = await more(list?.leads.at(-1) as { position: number; id: number });
    expect(second.map((l) => l.name)).toEqual(names.slice(LEAD_FIRST_PAGE_SIZE, LEAD_FIRST_PAGE_SIZE + LEAD_PAGE_SIZE));
    const last = await more(second.at(-1) as { position: number; id: number });
    expect(last.map((l) => l.name)).toEqual(names.slice(LEAD_FIRST_PAGE_SIZE + LEAD_PAGE_SIZE));
  });

  it('moves a card between columns: one record with the old and new place, exactly after `from`', async () => {
    const card = await w.lead({ name: 'Mover' });
    const before = (await board()).time;
    const res = await move(card.uuid, 'set');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'update',
      type: 'lead',
      uuid: card.uuid,
      time: before + 1,
      location: { column: 'set', section: null, old_column: 'incoming', old_section: null },
      data: { name: 'Mover', column: 'set' },
    });
    await move(card.uuid, 'waiting');
    const after = await updatesFrom(before);
    expect(after.updates.map((u) => [u.time, u.location?.column])).toEqual([
      [before + 1, 'set'],
      [before + 2, 'waiting'],
    ]);
    expect(after.time).toBe(before + 2);
    expect((await updatesFrom(before + 1)).updates.map((u) => u.time)).toEqual([before + 2]);
    expect(await updatesFrom(before + 2)).toEqual({ time: before + 2, updates: [], reset: false });
    const events = await inCompany(database.db, w.company.id, (tx) =>
      tx
        .select()
        .from(historyEvents)
        .where(and(eq(historyEvents.type, HistoryEvent.leadMoved), eq(historyEvents.entity, 'lead'))),
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('drops a card right after another one (midpoint position), or at the top', async () => {
    const a = await w.lead({ name: 'A', column: 'waiting', position: 100_000 });
    const b = await w.lead({ name: 'B', column: 'waiting', position: 200_000 });
    const c = await w.lead({ name: 'C' });
    const between = await move(c.uuid, 'waiting', { after_uuid: a.uuid });
    expect(between.body.data.position).toBe(150_000);
    const top = await move(b.uuid, 'waiting', { after_uuid: null });
    const waiting = cardsOf(await board(), 'waiting').map((l) => l.name);
    expect(top.status).toBe(200);
    expect(waiting.indexOf('B')).toBeLessThan(waiting.indexOf('A'));
    expect(waiting.indexOf('A')).toBe(waiting.indexOf('C') - 1);
  });

  it('archives a card with a deletion reason; without one it is refused and the card stays', async () => {
    const card = await w.lead({ name: 'Leaving' });
    const noReason = await change({ action: 'delete', type: 'lead', uuid: card.uuid, data: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('lead_reason_required');
    const res = await change({ action: 'delete', type: 'lead', uuid: card.uuid, data: { reason_id: w.reason } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ action: 'delete', type: 'lead', uuid: card.uuid, data: { reason_id: w.reason } });
    expect(cardsOf(await board(), 'incoming').some((l) => l.uuid === card.uuid)).toBe(false);
    const again = await move(card.uuid, 'set');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('lead_not_on_board');
  });

  it('moves a card to another branch: a delete on the old board, a create on the new one', async () => {
    const card = await w.lead({ name: 'Relocating' });
    const [mainBefore, northBefore] = [(await board()).time, (await board(w.tokens.admin, w.north)).time];
    const res = await move(card.uuid, 'incoming', { branch_id: w.north });
    expect(res.status).toBe(200);
    expect((await updatesFrom(mainBefore)).updates).toEqual([
      expect.objectContaining({ action: 'delete', uuid: card.uuid }),
    ]);
    expect((await updatesFrom(northBefore, w.north)).updates).toEqual([
      expect.objectContaining({
        action: 'create',
        uuid: card.uuid,
        data: expect.objectContaining({ branch_id: w.north }),
      }),
    ]);
  });

  it('adds, renames and deletes a section; its cards go back to the end of the column', async () => {
    const created = await change({
      action: 'create',
      type: 'section',
      uuid: crypto.randomUUID(),
      data: { title: 'Call back' },
      location: { column: 'waiting', section: null },
    });
    expect(created.status).toBe(200);
    const section = created.body.data as { id: number; uuid: string };
    const card = await w.lead({ name: 'In section' });
    expect((await move(card.uuid, 'waiting', {}, section.id)).status).toBe(200);
    const renamed = await change({
      action: 'update',
      type: 'section',
      uuid: section.uuid,
      data: { title: 'Call Monday' },
    });
    expect(renamed.body.data.title).toBe('Call Monday');
    const shown = (await board()).columns[1]?.sections.find((s) => s.id === section.id);
    expect(shown).toMatchObject({
      title: 'Call Monday',
      count: 1,
      leads: [expect.objectContaining({ uuid: card.uuid })],
    });
    const gone = await change({ action: 'delete', type: 'section', uuid: section.uuid, data: {} });
    expect(gone.body).toMatchObject({ action: 'delete', type: 'section', data: { id: section.id, reload: true } });
    const waiting = cardsOf(await board(), 'waiting');
    expect(waiting.at(-1)).toMatchObject({ uuid: card.uuid, section_id: null });
  });

  it('renames a column for the branch (an element record) and back to its standard name', async () => {
    const res = await change({
      action: 'update',
      type: 'element',
      uuid: crypto.randomUUID(),
      data: { title: 'Trial booked' },
      location: { column: 'set', section: null },
    });
    expect(res.body).toMatchObject({ type: 'element', data: { column: 'set', title: 'Trial booked' } });
    expect((await board()).columns[2]?.title).toBe('Trial booked');
    expect((await board(w.tokens.admin, w.north)).columns[2]?.title).toBe('');
    await change({
      action: 'update',
      type: 'element',
      uuid: crypto.randomUUID(),
      data: { title: '' },
      location: { column: 'set', section: null },
    });
    expect((await board()).columns[2]?.title).toBe('');
  });

  it('ends two simultaneous moves of one card in one state, the one of the later record', async () => {
    const card = await w.lead({ name: 'Contested' });
    const before = (await board()).time;
    const [one, two] = await Promise.all([move(card.uuid, 'waiting'), move(card.uuid, 'set')]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const { updates } = await updatesFrom(before);
    const last = updates.filter((u) => u.uuid === card.uuid).at(-1);
    const shown = (await board()).columns.flatMap((c) => c.leads).find((l) => l.uuid === card.uuid);
    expect(shown?.column).toBe(last?.location?.column);
    expect(last?.data).toMatchObject({ column: shown?.column });
  });

  it('lets a marketer work the board and refuses a teacher, another branch and bad changes', async () => {
    const card = await w.lead({ name: 'Rules' });
    expect((await board(w.tokens.marketer)).columns).toHaveLength(3);
    expect((await move(card.uuid, 'waiting')).status).toBe(200);
    expect((await w.api(w.tokens.teacher, 'GET', `/leads/?branch_id=${w.main}`)).status).toBe(403);
    expect(
      (
        await change(
          { action: 'update', type: 'lead', uuid: card.uuid, data: {}, location: { column: 'set', section: null } },
          w.tokens.teacher,
        )
      ).status,
    ).toBe(403);
    const wrongColumn = await change({
      action: 'update',
      type: 'lead',
      uuid: card.uuid,
      data: {},
      location: { column: 'won', section: null },
    });
    expect(wrongColumn.status).toBe(400);
    const unknown = await move(crypto.randomUUID(), 'set');
    expect(unknown.status).toBe(404);
    const creating = await change({ action: 'create', type: 'lead', uuid: crypto.randomUUID(), data: {} });
    expect(creating.status).toBe(400);
  });

  it('tells a board that is too far behind to reload', async () => {
    const { time } = await updatesFrom(0);
    expect((await updatesFrom(time + 5)).reset).toBe(true);
  });
});
