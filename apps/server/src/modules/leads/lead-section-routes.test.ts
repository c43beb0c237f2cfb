import type { LeadBoard, LeadSection } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createLeadsApiWorld, type LeadsApiWorld } from './leads-api-test-world.js';

/** Spec §7 /leadSection: the REST side of the board's sections (the board's own changes are board.test.ts). */

const { app, database } = await openTestApp();
let w: LeadsApiWorld;

beforeAll(async () => {
  w = await createLeadsApiWorld(app, database.db);
});

const createSection = (title: string, token = w.tokens.marketer, branchId = w.main) =>
  w.api(token, 'POST', '/leadSection', { branch_id: branchId, column: 'waiting', title });
const sectionsOf = async (path: '/leadSection' | '/leads/sections', token = w.tokens.marketer) =>
  (await w.api(token, 'GET', `${path}?branch_id=${w.main}`)).body.data as LeadSection[];
const boardChanges = async (branchId: number) =>
  (await w.historyOf('leadBoardChanged', branchId)).map((event) => event.data);

describe('/leadSection', () => {
  it('creates a section at the bottom of a column, on the board at once, for a marketer too', async () => {
    const before = await w.boardTime();
    const first = await createSection('Call back');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      branch_id: w.main,
      column: 'waiting',
      title: 'Call back',
      position: expect.any(Number),
    });
    const second = (await createSection('Call Monday')).body as LeadSection;
    expect(second.position).toBeGreaterThan(first.body.position);
    expect((await w.recordsAfter(before)).map((r) => [r.action, r.type, r.uuid])).toEqual([
      ['create', 'section', first.body.uuid],
      ['create', 'section', second.uuid],
    ]);
    expect(await boardChanges(w.main)).toEqual(
      expect.arrayContaining([{ section_created: first.body.id, title: 'Call back' }]),
    );
    for (const path of ['/leadSection', '/leads/sections'] as const) {
      expect((await sectionsOf(path)).map((s) => s.title)).toEqual(['Call back', 'Call Monday']);
    }
    const one = await w.api(w.tokens.admin, 'GET', `/leadSection/${second.id}`);
    expect(one.body).toEqual(second);
  });

  it('renames a section: the board shows the new title and gets an update record', async () => {
    const section = (await createSection('Old title')).body as LeadSection;
    const before = await w.boardTime();
    const res = await w.api(w.tokens.marketer, 'PUT', `/leadSection/${section.id}`, { title: 'New title' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...section, title: 'New title' });
    expect(await w.recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'update', type: 'section', uuid: section.uuid, data: res.body }),
    ]);
    const board = (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body as LeadBoard;
    expect(board.columns[1]?.sections.find((s) => s.id === section.id)?.title).toBe('New title');
    expect(await boardChanges(w.main)).toEqual(
      expect.arrayContaining([{ section_renamed: section.id, before: 'Old title', after: 'New title' }]),
    );
  });

  it('deletes a section: its cards go to the end of the column, the boards are told to reload', async () => {
    const section = (await createSection('Short-lived')).body as LeadSection;
    const inside = await w.lead({ name: 'Inside', column: 'waiting', sectionId: section.id });
    const before = await w.boardTime();
    const res = await w.api(w.tokens.marketer, 'DELETE', `/leadSection/${section.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await w.recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'delete', type: 'section', data: { id: section.id, reload: true } }),
    ]);
    const board = (await w.api(w.tokens.admin, 'GET', `/leads/?branch_id=${w.main}`)).body as LeadBoard;
    expect(board.columns[1]?.leads.at(-1)).toMatchObject({ id: inside.id, section_id: null });
    expect((await sectionsOf('/leadSection')).map((s) => s.id)).not.toContain(section.id);
    expect((await w.api(w.tokens.admin, 'GET', `/leadSection/${section.id}`)).status).toBe(404);
    expect((await w.api(w.tokens.admin, 'DELETE', `/leadSection/${section.id}`)).status).toBe(404);
  });

  it('refuses a teacher, an admin of another branch, and an empty title; the section stays as it was', async () => {
    const section = (await createSection('Kept')).body as LeadSection;
    const teacher = [
      await createSection('By teacher', w.tokens.teacher),
      await w.api(w.tokens.teacher, 'GET', `/leadSection?branch_id=${w.main}`),
      await w.api(w.tokens.teacher, 'PUT', `/leadSection/${section.id}`, { title: 'By teacher' }),
      await w.api(w.tokens.teacher, 'DELETE', `/leadSection/${section.id}`),
    ];
    expect(teacher.map((res) => res.status)).toEqual([403, 403, 403, 403]);
    const north = [
      await createSection('By north', w.tokens.northAdmin),
      await w.api(w.tokens.northAdmin, 'GET', `/leadSection?branch_id=${w.main}`),
      await w.api(w.tokens.northAdmin, 'GET', `/leadSection/${section.id}`),
      await w.api(w.tokens.northAdmin, 'PUT', `/leadSection/${section.id}`, { title: 'By north' }),
      await w.api(w.tokens.northAdmin, 'DELETE', `/leadSection/${section.id}`),
    ];
    expect(north.map((res) => [res.status, res.body.error.code])).toEqual(Array(5).fill([403, 'branch_forbidden']));
    const empty = await w.api(w.tokens.marketer, 'PUT', `/leadSection/${section.id}`, { title: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([expect.objectContaining({ field: 'title' })]);
    const unknownColumn = await w.api(w.tokens.marketer, 'POST', '/leadSection', {
      branch_id: w.main,
      column: 'won',
      title: 'Nowhere',
    });
    expect(unknownColumn.status).toBe(400);
    expect((await sectionsOf('/leadSection')).filter((s) => s.id === section.id)).toEqual([section]);
    expect((await sectionsOf('/leadSection')).map((s) => s.title)).not.toContain('By north');
  });
});
