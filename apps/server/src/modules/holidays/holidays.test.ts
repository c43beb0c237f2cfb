import { HistoryEvent } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { createHoliday } from '../../seed/courses-factories.js';
import { openCatalogCompany } from '../courses/test-support.js';

const { app, database } = await openTestApp();
const { api, historyOf, other } = await openCatalogCompany(app, database, 'holidays');

describe('holidays', () => {
  it('creates holidays and lists them by date, for a year or a period', async () => {
    const navruz = await api('POST', '/holiday', { name: ' Navroʻz ', date: '2026-03-21' });
    expect(navruz.status).toBe(200);
    expect(navruz.body).toEqual({ id: expect.any(Number), name: 'Navroʻz', date: '2026-03-21' });
    await api('POST', '/holiday', { name: 'Mustaqillik kuni', date: '2026-09-01' });
    await api('POST', '/holiday', { name: 'Yangi yil', date: '2026-01-01' });
    await api('POST', '/holiday', { name: 'Yangi yil', date: '2027-01-01' });

    const year = await api('GET', '/holiday?year=2026');
    expect(year.body.data.map((h: { date: string }) => h.date)).toEqual(['2026-01-01', '2026-03-21', '2026-09-01']);
    const period = await api('GET', '/holiday?from=2026-03-01&to=2026-12-31');
    expect(period.body.data.map((h: { name: string }) => h.name)).toEqual(['Navroʻz', 'Mustaqillik kuni']);
    expect((await api('GET', '/holiday')).body.data).toHaveLength(4);
  });

  it('refuses a second holiday on the same date (holiday_exists), also when moving one there', async () => {
    await api('POST', '/holiday', { name: 'Teachers day', date: '2026-10-01' });
    const again = await api('POST', '/holiday', { name: 'Other', date: '2026-10-01' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'holiday_exists', details: { field: 'date' } });
    const { body: other } = await api('POST', '/holiday', { name: 'Constitution day', date: '2026-12-08' });
    const move = await api('PUT', `/holiday/${other.id}`, { name: 'Constitution day', date: '2026-10-01' });
    expect(move.status).toBe(409);
    expect(move.body.error.code).toBe('holiday_exists');
    // Keeping its own date is no conflict.
    const rename = await api('PUT', `/holiday/${other.id}`, { name: 'Konstitutsiya kuni', date: '2026-12-08' });
    expect(rename.body).toEqual({ id: other.id, name: 'Konstitutsiya kuni', date: '2026-12-08' });
  });

  it.each([
    [{ name: '', date: '2026-05-09' }, 'name', 'required'],
    [{ name: 'x'.repeat(101), date: '2026-05-09' }, 'name', 'too_big'],
    [{ name: 'Day' }, 'date', 'required'],
    [{ name: 'Day', date: '2026-02-30' }, 'date', 'invalid_format'],
    [{ name: 'Day', date: '09.05.2026' }, 'date', 'invalid_format'],
  ])('refuses %j naming the field', async (input, field, rule) => {
    const res = await api('POST', '/holiday', input);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it('edits and deletes a holiday, writing a history event for each change', async () => {
    const { body: h } = await api('POST', '/holiday', { name: 'Xotira kuni', date: '2026-05-09' });
    await api('PUT', `/holiday/${h.id}`, { name: 'Xotira va qadrlash kuni', date: '2026-05-09' });
    expect((await api('DELETE', `/holiday/${h.id}`)).body).toEqual({ ok: true });
    expect((await api('DELETE', `/holiday/${h.id}`)).status).toBe(404);
    const events = await historyOf('holiday', h.id);
    expect(events.every((e) => e.type === HistoryEvent.holidayChanged)).toBe(true);
    expect(events.map((e) => e.data.action).sort()).toEqual(['created', 'deleted', 'updated']);
  });

  it("answers 404 for another company's holiday, and its date does not block ours", async () => {
    const theirs = await createHoliday(database.db, (await other()).id, 'Theirs', '2026-07-06');
    expect((await api('PUT', `/holiday/${theirs}`, { name: 'Mine', date: '2026-07-07' })).status).toBe(404);
    expect((await api('DELETE', `/holiday/${theirs}`)).status).toBe(404);
    expect((await api('POST', '/holiday', { name: 'Ours', date: '2026-07-06' })).status).toBe(200);
  });
});
