import type { AuditReport, AuditRow } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { type AuditWorld, createAuditWorld, DAY, NEXT_DAY } from './audit-test-world.js';

const { app, database } = await openTestApp();
let w: AuditWorld;

beforeAll(async () => {
  w = await createAuditWorld(app, database.db);
}, 120_000);

const PERIOD = `from=${DAY}&till=${NEXT_DAY}`;
const audit = async (query: string, token = w.tokens.admin) => {
  const res = await w.api(token, 'GET', `/audit?${query}`);
  return res as { status: number; body: AuditReport & { error?: { code: string } } };
};
const rowOf = (report: AuditReport, day: string, staffId: number) =>
  report.rows.find((r) => r.day === day && r.staff.id === staffId) as AuditRow;

const NOTHING = {
  students_added: 0,
  students_activated: 0,
  students_archived: 0,
  attendance_marked: 0,
  leads_handled: 0,
};
const NO_MONEY = {
  payments: 0,
  paid: 0,
  by_method: {},
  refunds: 0,
  refunded: 0,
  write_offs: 0,
  written_off: 0,
  cash: 0,
};

describe('GET /audit', () => {
  it("gives the cashier's day exactly: payments by method, the refund, and the cash the desk should hold", async () => {
    const { status, body } = await audit(`branch_id=${w.main}&${PERIOD}`);
    expect(status).toBe(200);
    expect(rowOf(body, DAY, w.staff.cashier)).toEqual({
      day: DAY,
      staff: { id: w.staff.cashier, name: 'Main Cashier' },
      // The cancelled 999 000 is in no figure.
      money: {
        payments: 3,
        paid: 900_000,
        by_method: { cash: 450_000, card: 450_000 },
        refunds: 1,
        refunded: 50_000,
        write_offs: 0,
        written_off: 0,
        cash: 400_000,
      },
      ...NOTHING,
    });
    expect(rowOf(body, NEXT_DAY, w.staff.cashier).money).toEqual({
      ...NO_MONEY,
      payments: 1,
      paid: 200_000,
      by_method: { transfer: 200_000 },
    });
  });

  it('counts what each staff member did to students, attendance and leads, by day', async () => {
    const { body } = await audit(`branch_id=${w.main}&${PERIOD}`);
    expect(rowOf(body, DAY, w.staff.admin)).toEqual({
      day: DAY,
      staff: { id: w.staff.admin, name: 'Malika Yusupova' },
      money: { ...NO_MONEY, write_offs: 1, written_off: 80_000 },
      // Two students created (the teacher does not count); one activated; one removed to the group's
      // archive and one archived altogether.
      students_added: 2,
      students_activated: 1,
      students_archived: 2,
      attendance_marked: 0,
      leads_handled: 0,
    });
    expect(rowOf(body, DAY, w.staff.marketer)).toMatchObject({ money: NO_MONEY, ...NOTHING, leads_handled: 2 });
    // One mark, then a lesson of three; the cleared mark is no mark.
    expect(rowOf(body, DAY, w.staff.teacher)).toMatchObject({ ...NOTHING, attendance_marked: 4 });
    expect(rowOf(body, NEXT_DAY, w.staff.teacher)).toMatchObject({ ...NOTHING, attendance_marked: 2 });
    expect(body.rows.map((r) => [r.day, r.staff.name])).toEqual([
      [DAY, 'Kamola Ergasheva'],
      [DAY, 'Main Cashier'],
      [DAY, 'Malika Yusupova'],
      [DAY, 'Otabek Saidov'],
      [NEXT_DAY, 'Kamola Ergasheva'],
      [NEXT_DAY, 'Main Cashier'],
    ]);
  });

  it('adds the rows up in the total row, names the methods taken and the staff of the period', async () => {
    const { body } = await audit(`branch_id=${w.main}&${PERIOD}`, w.tokens.owner);
    expect(body.total).toEqual({
      money: {
        payments: 4,
        paid: 1_100_000,
        by_method: { cash: 450_000, card: 450_000, transfer: 200_000 },
        refunds: 1,
        refunded: 50_000,
        write_offs: 1,
        written_off: 80_000,
        cash: 400_000,
      },
      students_added: 2,
      students_activated: 1,
      students_archived: 2,
      attendance_marked: 6,
      leads_handled: 2,
    });
    expect(body.methods).toEqual(['cash', 'card', 'transfer']);
    expect(body.staff.map((p) => p.name)).toEqual([
      'Kamola Ergasheva',
      'Main Cashier',
      'Malika Yusupova',
      'Otabek Saidov',
    ]);
    expect(body.policies).toEqual({ money: true });
  });

  it("agrees with the payments page: the day's total is the replenishments total", async () => {
    const { body } = await audit(`branch_id=${w.main}&from=${DAY}&till=${DAY}`, w.tokens.owner);
    const payments = await w.api(
      w.tokens.owner,
      'GET',
      `/replenishments/totals?branch_id=${w.main}&from=${DAY}&to=${DAY}`,
    );
    expect(body.total.money?.paid).toBe(payments.body.total);
    expect(body.total.money?.payments).toBe(payments.body.count);
  });

  it("narrows to one staff member, keeping everyone of the period as the filter's choices", async () => {
    const { body } = await audit(`branch_id=${w.main}&${PERIOD}&staff_id=${w.staff.cashier}`);
    expect(body.rows.map((r) => r.day)).toEqual([DAY, NEXT_DAY]);
    expect(body.total.money?.paid).toBe(1_100_000);
    expect(body.total.attendance_marked).toBe(0);
    expect(body.staff).toHaveLength(4);
  });

  it('keeps to the branch: North has only its own payment, Main never shows it', async () => {
    const { body } = await audit(`branch_id=${w.north}&${PERIOD}`, w.tokens.owner);
    expect(body.rows).toEqual([
      expect.objectContaining({
        day: DAY,
        staff: expect.objectContaining({ name: 'Bobur Karimov' }),
        money: { ...NO_MONEY, payments: 1, paid: 700_000, by_method: { cash: 700_000 }, cash: 700_000 },
      }),
    ]);
    const main = await audit(`branch_id=${w.main}&${PERIOD}`, w.tokens.owner);
    expect(main.body.rows.some((r) => r.staff.name === 'Bobur Karimov')).toBe(false);
  });

  it("never counts another company's day, and refuses its branch", async () => {
    const { body } = await audit(`branch_id=${w.main}&${PERIOD}`, w.tokens.owner);
    expect(body.total.money?.paid).toBe(1_100_000);
    expect(body.total.students_added).toBe(2);
    expect((await audit(`branch_id=${w.foreignBranch}&${PERIOD}`, w.tokens.owner)).status).toBe(404);
  });

  it('shows a limited admin no money at all: no sums, no methods, no money-only rows', async () => {
    const { status, body } = await audit(`branch_id=${w.main}&${PERIOD}`, w.tokens.limitedAdmin);
    expect(status).toBe(200);
    expect(body.policies).toEqual({ money: false });
    expect(body.methods).toEqual([]);
    expect(body.total.money).toBeNull();
    expect(body.rows.every((r) => r.money === null)).toBe(true);
    expect(body.rows.some((r) => r.staff.id === w.staff.cashier)).toBe(false);
    expect(body.total).toMatchObject({ students_added: 2, attendance_marked: 6, leads_handled: 2 });
  });

  it('admits the admin set and refuses the others', async () => {
    for (const token of [w.tokens.secondAdmin, w.tokens.director]) {
      expect((await audit(`branch_id=${w.main}&${PERIOD}`, token)).status).toBe(200);
    }
    for (const token of [w.tokens.cashier, w.tokens.marketer, w.tokens.teacher]) {
      expect((await audit(`branch_id=${w.main}&${PERIOD}`, token)).status).toBe(403);
    }
  });

  it('refuses a period that runs backwards or is longer than 93 days', async () => {
    const backwards = await audit(`branch_id=${w.main}&from=${NEXT_DAY}&till=${DAY}`);
    expect(backwards.status).toBe(400);
    const long = await audit(`branch_id=${w.main}&from=2026-01-01&till=2026-04-04`);
    expect(long.status).toBe(400);
    expect(long.body.error?.code).toBe('validation_failed');
    expect((await audit(`branch_id=${w.main}&from=2026-01-01&till=2026-04-03`)).status).toBe(200);
  });
});

describe('GET /audit/export', () => {
  it('writes the table with its total row, money columns in the currency', async () => {
    const { status, headers, workbook } = await w.download(
      `/audit/export?branch_id=${w.main}&${PERIOD}&lang=ru`,
      w.tokens.admin,
    );
    expect(status).toBe(200);
    expect(String(headers['content-disposition'])).toContain(`audit-${DAY}_${NEXT_DAY}.xlsx`);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Дата', 'Сотрудник', 'Платежей', 'Наличные (UZS)']);
    expect(header).toContain('Наличные в кассе (UZS)');
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const cashier = rows.find((r) => r[1] === '10.03.2026' && r[2] === 'Main Cashier') as unknown[];
    // payments 3, cash 450 000, card 450 000, transfer 0, taken 900 000.
    expect(cashier.slice(3, 8)).toEqual([3, 450_000, 450_000, 0, 900_000]);
    const total = rows.at(-1) as unknown[];
    expect(total[1]).toBe('Итого');
    expect(total.slice(3, 8)).toEqual([4, 450_000, 450_000, 200_000, 1_100_000]);
  });

  it('leaves the money columns out for a limited admin', async () => {
    const { status, workbook } = await w.download(
      `/audit/export?branch_id=${w.main}&${PERIOD}&lang=en`,
      w.tokens.limitedAdmin,
    );
    expect(status).toBe(200);
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Day',
      'Staff member',
      'Students added',
      'Activated',
      'Archived',
      'Attendance marks',
      'Leads handled',
    ]);
  });
});
