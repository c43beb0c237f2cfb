import { type CompanyDatas, companyDatasSchema } from '@crm/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { users } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createCourse } from '../../seed/courses-factories.js';
import { createCompanyWithRoleUsers } from '../../seed/factories.js';
import { addStudentToGroupRow, createGroupRow } from '../../seed/groups-factories.js';
import { insertLeads } from '../../seed/leads-factories.js';
import { createStudent, createTeacher } from '../../seed/users-factories.js';
import { bookEntry } from '../finance/ledger.js';
import { insertMarks } from '../reports/reports-test-world.js';
import { reportText } from './report-text.js';
import { type DaySummary, daySummary } from './summary.js';

// Wednesday 18 March 2026, 19:00 in Tashkent (UTC+5): the working day is over.
const DAY = '2026-03-18';
const { app, database } = await openTestApp(undefined, { clock: () => new Date('2026-03-18T14:00:00Z') });
const db = database.db;
let companyId: number;
let foreignId: number;

/**
 * The known day (Main branch, all in Tashkent time):
 * - payments on the 18th: 500 000 cash (s1), 300 000 cash (s2), 200 000 card (s3), and 999 000 by Payme (s1)
 *   cancelled the same day; 100 000 cash (s2) on the 17th; another company's 700 000 cash on the 18th;
 * - students created: s1, s2 at 10:00 and s3 at 01:00 on the 18th; s4 (archived) at 00:30 on the 19th;
 * - leads created: at 00:30 and 12:00 on the 18th; at 23:50 on the 17th and 00:10 on the 19th;
 * - marks of the 18th: s1, s2 present, s3 absent; of the 17th: s1 present;
 * - charges: s1 1 200 000, s2 300 000, s3 500 000, s4 1 000 000 (archived, so no debtor).
 */
beforeAll(async () => {
  const company = await createCompanyWithRoleUsers(db, {
    name: 'Summary Co',
    subdomain: uniqueSubdomain('tg-summary'),
    branches: ['Main'],
  });
  companyId = company.id;
  const main = company.branchIds[0] as number;
  const foreign = await createCompanyWithRoleUsers(db, {
    name: 'Foreign Co',
    subdomain: uniqueSubdomain('tg-foreign'),
    branches: ['Elsewhere'],
  });
  foreignId = foreign.id;

  const student = async (name: string, phone: string, createdAt: string, archived = false) => {
    const id = await createStudent(db, companyId, { name, phone, branchIds: [main], archived });
    await inCompany(db, companyId, (tx) =>
      tx
        .update(users)
        .set({ createdAt: new Date(createdAt) })
        .where(eq(users.id, id)),
    );
    return id;
  };
  const s1 = await student('Aziz One', '941000001', '2026-03-18T05:00:00Z');
  const s2 = await student('Bekzod Two', '941000002', '2026-03-18T05:00:00Z');
  const s3 = await student('Charos Three', '941000003', '2026-03-17T20:00:00Z');
  const s4 = await student('Dilshod Four', '941000004', '2026-03-18T19:30:00Z', true);

  const teacher = await createTeacher(db, companyId, { name: 'Teacher', phone: '941000010', branchIds: [main] });
  const course = await createCourse(db, companyId, { name: 'English', price: 500_000 });
  const group = await createGroupRow(db, companyId, {
    branchId: main,
    courseId: course,
    teacherId: teacher,
    name: 'Alpha',
    startDate: '2026-03-01',
  });
  for (const id of [s1, s2, s3]) await addStudentToGroupRow(db, companyId, group, id, { createdDate: '2026-03-01' });
  await insertMarks(db, companyId, group, {
    [s1]: { '2026-03-17': 1, [DAY]: 1 },
    [s2]: { [DAY]: 1 },
    [s3]: { [DAY]: 0 },
  });

  const token = await loginAs(app, company.subdomain, company.users.owner.phone);
  const pay = async (student_id: number, amount: number, method: string, date: string) => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/v1/payment',
      sub: company.subdomain,
      token,
      body: { student_id, amount, method, date },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  await pay(s1, 500_000, 'cash', DAY);
  await pay(s2, 300_000, 'cash', DAY);
  await pay(s3, 200_000, 'card', DAY);
  await pay(s2, 100_000, 'cash', '2026-03-17');
  const mistaken = await pay(s1, 999_000, 'payme', DAY);
  const cancelled = await call(app, {
    method: 'DELETE',
    url: `/api/v1/payment/${mistaken}?reason=Wrong%20amount`,
    sub: company.subdomain,
    token,
  });
  expect(cancelled.status).toBe(200);

  const owner = { id: company.users.owner.id, companyId };
  const charges: [number, number][] = [
    [s1, 1_200_000],
    [s2, 300_000],
    [s3, 500_000],
    [s4, 1_000_000],
  ];
  await inCompany(db, companyId, async (tx) => {
    for (const [studentId, amount] of charges) {
      await bookEntry(tx, owner, { kind: 'charge', amount: -amount, date: '2026-03-01', branchId: main, studentId });
    }
  });

  await insertLeads(
    db,
    companyId,
    ['2026-03-17T19:30:00Z', '2026-03-18T07:00:00Z', '2026-03-17T18:50:00Z', '2026-03-18T19:10:00Z'].map((at, i) => ({
      branchId: main,
      name: `Lead ${i}`,
      phone: `94200000${i}`,
      createdAt: new Date(at),
    })),
  );

  const foreignMain = foreign.branchIds[0] as number;
  const foreigner = await createStudent(db, foreignId, {
    name: 'Foreigner',
    phone: '941000099',
    branchIds: [foreignMain],
  });
  await inCompany(db, foreignId, (tx) =>
    bookEntry(
      tx,
      { id: foreign.users.owner.id, companyId: foreignId },
      { kind: 'payment', amount: 700_000, date: DAY, branchId: foreignMain, studentId: foreigner, method: 'cash' },
    ),
  );
});

const summaryOf = (id: number, day: string) => inCompany(db, id, (tx) => daySummary(tx, id, day, 'Asia/Tashkent'));

describe('the day summary', () => {
  it('counts the day’s payments by method net of the cancelled one, and the day’s people and marks', async () => {
    expect(await summaryOf(companyId, DAY)).toEqual({
      day: DAY,
      payments: [
        { method: 'cash', count: 2, amount: 800_000 },
        { method: 'card', count: 1, amount: 200_000 },
      ],
      newStudents: 3,
      newLeads: 2,
      attendance: { present: 2, absent: 1 },
      // s1: 500 000 − 1 200 000; s3: 200 000 − 500 000. s2 is even, archived s4 is left out.
      debtors: { count: 2, debt: 1_000_000 },
    });
  });

  it('reads another day by its own dates, and never another company’s rows', async () => {
    const before = await summaryOf(companyId, '2026-03-17');
    expect(before.payments).toEqual([{ method: 'cash', count: 1, amount: 100_000 }]);
    expect(before).toMatchObject({ newStudents: 0, newLeads: 1, attendance: { present: 1, absent: 0 } });
    const foreign = await summaryOf(foreignId, DAY);
    expect(foreign.payments).toEqual([{ method: 'cash', count: 1, amount: 700_000 }]);
    expect(foreign).toMatchObject({ newLeads: 0, attendance: { present: 0, absent: 0 } });
  });
});

const datas = (patch: Partial<CompanyDatas>) => companyDatasSchema.parse(patch);

describe('the report text', () => {
  const summary: DaySummary = {
    day: DAY,
    payments: [
      { method: 'cash', count: 2, amount: 800_000 },
      { method: 'payme', count: 1, amount: 200_000 },
    ],
    newStudents: 3,
    newLeads: 2,
    attendance: { present: 14, absent: 3 },
    debtors: { count: 2, debt: 1_000_000 },
  };

  it('speaks Uzbek with the company’s currency, its name escaped for Telegram’s HTML', () => {
    const text = reportText(summary, { name: 'Bilim & <Kelajak>', datas: datas({ locale: 'uz' }) });
    expect(text).toBe(
      [
        '<b>Kunlik hisobot · Bilim &amp; &lt;Kelajak&gt;</b>',
        '18.03.2026',
        '',
        '<b>Toʻlovlar: 1 000 000 UZS (3)</b>',
        '• Naqd: 800 000 UZS (2)',
        '• Payme: 200 000 UZS (1)',
        '',
        'Yangi oʻquvchilar: 3',
        'Yangi lidlar: 2',
        'Davomat: 14 keldi, 3 kelmadi',
        'Qarzdorlar: 2, jami qarz 1 000 000 UZS',
      ].join('\n'),
    );
  });

  it('speaks Russian in a Kazakh kindergarten, says a test is one, and a day without payments has none', () => {
    const kindergarten = datas({ locale: 'ru', country: 'kz', company_type: 'kindergarten' });
    const text = reportText({ ...summary, payments: [] }, { name: 'Балапан', datas: kindergarten }, { test: true });
    expect(text.split('\n')).toEqual([
      '<b>Ежедневный отчёт · Балапан</b>',
      '18.03.2026',
      '<i>Тестовый отчёт: день ещё не закончился, цифры на текущий момент</i>',
      '',
      '<b>Оплаты: нет</b>',
      '',
      'Новые дети: 3',
      'Новые лиды: 2',
      'Посещаемость: присутствовали 14, отсутствовали 3',
      // The tenge has 100 tiyn: 1 000 000 minor units are 10 000 KZT.
      'Должники: 2, общий долг 10 000 KZT',
    ]);
  });
});
