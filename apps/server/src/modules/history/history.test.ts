import { HistoryEvent, type HistoryItem, historySentence } from '@crm/contracts';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openTestApp } from '../../../test/helpers.js';
import { createHistoryWorld } from './history-test-world.js';

const { app, database } = await openTestApp();
let w: Awaited<ReturnType<typeof createHistoryWorld>>;

beforeAll(async () => {
  w = await createHistoryWorld(app, database.db);
});

const E = HistoryEvent;
/** "450 000 UZS" as sentences write it: narrow spaces between thousands, a no-break space before the currency. */
const money = (amount: string) => `${amount.replace(/ /g, '\u202f')}\u00a0UZS`;
/** The events of the world that are not log-ins, by type. */
const typesOf = (items: HistoryItem[]) => items.map((item) => item.type);
const withoutLogins = `?type=${[E.studentAddedToGroup, E.balanceTopUp, E.refund, E.leadAdded, E.groupCreated].join(',')}`;

describe('GET /company/{id}/history', () => {
  it('lists the company’s events newest first, with who did them, what they concern and what the caller may do', async () => {
    const res = await w.log(withoutLogins);
    expect(res.status).toBe(200);
    expect(typesOf(res.body.data)).toEqual([
      E.leadAdded,
      E.refund,
      E.balanceTopUp,
      E.studentAddedToGroup,
      E.groupCreated,
      E.groupCreated,
    ]);
    expect(res.body.pagination).toMatchObject({ total: 6, current_page: 1 });
    expect(res.body.policies).toEqual({ export: true });
    const payment = res.body.data.find((e: HistoryItem) => e.type === E.balanceTopUp);
    expect(payment).toMatchObject({
      entity: 'user',
      entity_id: w.students.sobirov,
      branch_id: w.branches.main,
      actor: { id: w.aziza, name: 'Aziza Nurova', gender: 'f' },
      data: { amount: 450_000, method: 'cash', student_name: 'Sobirov Doniyor', group_title: 'PY-BAS-1' },
      refs: {
        person: { id: w.students.sobirov, name: 'Sobirov Doniyor', type: 'student' },
        group: { id: w.groups.alpha, title: 'PY-BAS-1' },
        lead: null,
      },
    });
    expect(historySentence(payment, { language: 'en', currency: 'UZS' })).toBe(
      `Aziza Nurova took a payment of ${money('450 000')} from Sobirov Doniyor for PY-BAS-1 (cash)`,
    );
  });

  it('pages', async () => {
    const first = await w.log(`${withoutLogins}&per_page=4`);
    const second = await w.log(`${withoutLogins}&per_page=4&page=2`);
    expect(first.body.pagination).toMatchObject({ total: 6, total_pages: 2, count: 4 });
    expect(typesOf(second.body.data)).toEqual([E.groupCreated, E.groupCreated]);
  });

  it('filters by one event type or several (comma-separated or repeated)', async () => {
    expect(typesOf((await w.log(`?type=${E.refund}`)).body.data)).toEqual([E.refund]);
    expect(typesOf((await w.log(`?type=${E.refund},${E.balanceTopUp}`)).body.data)).toEqual([E.refund, E.balanceTopUp]);
    expect(typesOf((await w.log(`?type=${E.refund}&type=${E.leadAdded}`)).body.data)).toEqual([E.leadAdded, E.refund]);
    // Every log-in of the world: owner, CEO, admin and Aziza.
    expect((await w.log(`?type=${E.userLoggedIn}`)).body.pagination.total).toBe(4);
  });

  it('filters by staff member', async () => {
    const res = await w.log(`?actor_id=${w.aziza}`);
    expect(typesOf(res.body.data)).toEqual([E.balanceTopUp, E.userLoggedIn]);
    const admin = await w.log(`${withoutLogins}&actor_id=${w.company.users.admin.id}`);
    expect(typesOf(admin.body.data)).toEqual([E.leadAdded, E.studentAddedToGroup]);
  });

  it('filters by branch, and refuses a branch that is not the caller’s', async () => {
    const north = await w.log(`?branch_id=${w.branches.north}`);
    expect(typesOf(north.body.data)).toEqual([E.refund]);
    const main = await w.log(`${withoutLogins}&branch_id=${w.branches.main}`);
    expect(main.body.pagination.total).toBe(5);
    const foreign = await w.log(`?branch_id=${w.other.branchIds[0]}`);
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'branch_forbidden']);
  });

  it('takes the period in the company’s days (Tashkent), both ends included', async () => {
    const day = async (from: string, till: string) =>
      (await w.log(`?from=${from}&till=${till}`)).body.data.map((e: HistoryItem) => e.data.title);
    expect(await day('2026-03-21', '2026-03-21')).toEqual(['Night group']);
    expect(await day('2026-03-20', '2026-03-20')).toEqual(['Evening group']);
    expect(await day('2026-03-19', '2026-03-21')).toEqual(['Night group', 'Evening group']);
    const backwards = await w.log('?from=2026-03-21&till=2026-03-20');
    expect([backwards.status, backwards.body.error.details[0].field]).toEqual([400, 'till']);
  });

  it('finds what concerns a student: his own events and those that name him', async () => {
    const res = await w.log(`?student_id=${w.students.sobirov}`);
    expect(typesOf(res.body.data)).toEqual([E.balanceTopUp, E.studentAddedToGroup]);
    expect(typesOf((await w.log(`?student_id=${w.students.nodir}`)).body.data)).toEqual([E.refund]);
  });

  it('finds what concerns a group: its own events and a payment for it', async () => {
    const res = await w.log(`?group_id=${w.groups.alpha}`);
    expect(typesOf(res.body.data)).toEqual([E.balanceTopUp, E.studentAddedToGroup, E.groupCreated, E.groupCreated]);
    expect((await w.log(`?group_id=${w.groups.north}`)).body.data).toEqual([]);
  });

  it('finds what concerns a lead, and links it', async () => {
    const res = await w.log(`?lead_id=${w.lead}`);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      type: E.leadAdded,
      data: { name: 'Olim Lead' },
      refs: { lead: { id: w.lead, name: 'Olim Lead' } },
    });
  });

  it('never shows another company’s events, and its log does not exist for this one', async () => {
    const all = await w.log('?per_page=500');
    expect(all.body.data.some((e: HistoryItem) => e.data.amount === 999_000)).toBe(false);
    const theirs = await call(app, {
      url: `/api/v1/company/${w.other.id}/history?type=${E.balanceTopUp}`,
      sub: w.other.subdomain,
      token: w.other.owner,
    });
    expect(theirs.body.data.map((e: HistoryItem) => e.data.amount)).toEqual([999_000]);
    expect((await w.log('', w.tokens.owner)).status).toBe(200);
    const other = await w.api(w.tokens.owner, 'GET', `/company/${w.other.id}/history`);
    expect(other.status).toBe(404);
  });

  it('is for owner and CEO only', async () => {
    expect((await w.log(withoutLogins, w.tokens.ceo)).body.pagination.total).toBe(6);
    for (const token of [w.tokens.admin, w.tokens.aziza]) {
      expect((await w.log('', token)).status).toBe(403);
      expect((await w.api(token, 'GET', `/company/${w.company.id}/history/export`)).status).toBe(403);
    }
  });

  it('keeps the user’s and the group’s own history readable', async () => {
    const student = await w.api(w.tokens.owner, 'GET', `/user/${w.students.sobirov}/history`);
    expect(typesOf(student.body.data)).toEqual([E.balanceTopUp]);
    const group = await w.api(w.tokens.owner, 'GET', `/group/${w.groups.alpha}/history?type=${E.studentAddedToGroup}`);
    expect(group.body.data.map((e: HistoryItem) => e.refs.person?.name)).toEqual(['Sobirov Doniyor']);
  });
});

describe('GET /company/{id}/history/export', () => {
  const download = async (query: string) => {
    const res = await app.inject({
      url: `/api/v1/company/${w.company.id}/history/export${query}`,
      headers: { host: `${w.company.subdomain}.localhost`, authorization: `Bearer ${w.tokens.owner}` },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    return { res, sheet, rows };
  };

  it('writes the filter’s events as sentences in the language asked for', async () => {
    const { res, sheet, rows } = await download(`?type=${E.balanceTopUp},${E.refund}&lang=ru`);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(sheet.name).toBe('История');
    expect(rows[0]).toEqual(['Время', 'Сотрудник', 'Событие', 'Что произошло', 'Филиал']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['Bobur Karimov', 'Возврат', `Bobur Karimov вернул(а) ${money('50 000')} студенту Nodir North (карта)`, 'North'],
      [
        'Aziza Nurova',
        'Принята оплата',
        `Aziza Nurova приняла оплату ${money('450 000')} от студента Sobirov Doniyor за группу PY-BAS-1 (наличные)`,
        'Main',
      ],
    ]);
  });

  it('gives times in the company’s time zone, and the same rows as the page', async () => {
    const { rows } = await download('?from=2026-03-20&till=2026-03-21&lang=en');
    expect(rows.slice(1).map((row) => [row[0], row[3]])).toEqual([
      ['21.03.2026 00:30', 'Bobur Karimov created group Night group'],
      ['20.03.2026 23:30', 'Bobur Karimov created group Evening group'],
    ]);
  });

  it.each([
    ['uz', 'Tarix', 'Vaqt'],
    ['id', 'Riwayat', 'Waktu'],
  ])('names its sheet and columns in %s', async (lang, sheetName, first) => {
    const { sheet, rows } = await download(`?type=${E.refund}&lang=${lang}`);
    expect([sheet.name, rows[0]?.[0], rows.length]).toEqual([sheetName, first, 2]);
  });
});
