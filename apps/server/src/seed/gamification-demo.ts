import { AttendanceMark, type CoinSettings, OrderStatus, ProductStatus, Role } from '@crm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../db/client.js';
import { coinEntries, coinSettings, shopOrders, shopProducts } from '../db/schema/index.js';
import { mergeCompanyDatas } from '../modules/company/datas-writer.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

/**
 * The gamification shop of a demo company (issue 21): switched on with its coin rules, a shop of believable
 * products, the coins the rules gave for the last weeks' attendance (under the rule's own causes, so a teacher
 * marking again gives nothing twice), a few gifts by the administrator, and orders in every status — the
 * log-in student (9000000 07) among them, with a pending order whose code he can show.
 */

const RULES: CoinSettings = {
  employees_give: true,
  attendance_present: { on: true, amount: 5 },
  homework_on_time: { on: true, amount: 10 },
  grade_at_least: { on: true, amount: 10, threshold: 5 },
  month_without_absence: { on: true, amount: 50 },
  birthday: { on: true, amount: 100 },
};

type Item = { name: string; description: string; price: number; stock: number | null; status?: number };
const PRODUCTS: Record<'uz' | 'ru', Item[]> = {
  uz: [
    { name: 'Daftar (markaz logotipi bilan)', description: '96 varaq, katak', price: 40, stock: 25 },
    { name: 'Ruchka to‘plami', description: '4 rangli gel ruchka', price: 30, stock: null },
    { name: 'Krujka', description: 'Markaz logotipli oq krujka', price: 120, stock: 8 },
    { name: 'Futbolka', description: 'S, M, L o‘lchamlar', price: 300, stock: 5 },
    { name: 'Bepul qo‘shimcha dars', description: 'O‘qituvchi bilan 45 daqiqa', price: 250, stock: null },
    { name: 'Simsiz quloqchin', description: 'Oyning eng faol o‘quvchisi uchun', price: 900, stock: 1 },
    {
      name: 'Stiker to‘plami',
      description: 'Tugadi — yangi partiya kutilmoqda',
      price: 15,
      stock: 0,
      status: ProductStatus.unavailable,
    },
    { name: 'Kalendar 2026', description: 'Eski mavsum', price: 20, stock: null, status: ProductStatus.archive },
  ],
  ru: [
    { name: 'Раскраска «Животные»', description: '24 страницы', price: 30, stock: 20 },
    { name: 'Набор наклеек', description: 'Герои мультфильмов', price: 15, stock: null },
    { name: 'Пазл 60 деталей', description: 'Для детей 4–6 лет', price: 80, stock: 6 },
    { name: 'Мягкая игрушка', description: 'Медвежонок с логотипом сада', price: 200, stock: 3 },
    { name: 'Пластилин', description: '12 цветов', price: 40, stock: 0, status: ProductStatus.unavailable },
    { name: 'Календарь 2026', description: 'Прошлый сезон', price: 20, stock: null, status: ProductStatus.archive },
  ],
};

const GIFT_REASONS: Record<'uz' | 'ru', string[]> = {
  uz: ['Olimpiada g‘olibi', 'Darsda faol qatnashgani uchun', 'Do‘stini kursga olib keldi'],
  ru: ['Помог убрать игрушки', 'Выучил стихотворение', 'Лучший рисунок недели'],
};

export async function seedGamificationDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  language: 'uz' | 'ru',
) {
  await inCompany(db, company.id, async (tx) => {
    await mergeCompanyDatas(tx, company.id, { gamification: true });
    await tx.insert(coinSettings).values({ companyId: company.id, settings: RULES });
    const products = await tx
      .insert(shopProducts)
      .values(
        PRODUCTS[language].map((item, i) => ({
          companyId: company.id,
          // Most are the first branch's (its administrator manages them); the last few every branch's (the owner's).
          branchId: i < 4 ? (company.branchIds[0] ?? null) : null,
          name: item.name,
          description: item.description,
          price: item.price,
          stock: item.stock,
          status: item.status ?? ProductStatus.available,
        })),
      )
      .returning({ id: shopProducts.id, name: shopProducts.name, price: shopProducts.price });
    await attendanceCoins(tx, company.id, company.users.teacher.id);
    const students = await selectRows<{ id: number; branch: number | null }>(
      tx,
      sql`select u.id::int as id, u.main_branch_id::int as branch from users u
        where u.company_id = ${company.id} and ${Role.student} = any(u.roles) and u.archived_at is null
        order by u.id limit 40`,
    );
    const buyers = [
      company.users.student.id,
      ...students.map((s) => s.id).filter((id) => id !== company.users.student.id),
    ];
    const reasons = GIFT_REASONS[language];
    await tx.insert(coinEntries).values(
      buyers.slice(0, 12).map((studentId, i) => ({
        companyId: company.id,
        studentId,
        amount: studentId === company.users.student.id ? 200 : 60 + (i % 4) * 15,
        kind: 'manual',
        reason: reasons[i % reasons.length]!,
        authorId: company.users.admin.id,
      })),
    );
    await demoOrders(tx, company, buyers.slice(0, 6), products);
  });
}

/** The attendance rule's coins for the present marks of the last three weeks, under the rule's own causes. */
async function attendanceCoins(tx: Tx, companyId: number, authorId: number) {
  await tx.execute(sql`insert into coin_entries (company_id, student_id, amount, kind, rule, cause, cause_seq, reason, author_id)
    select a.company_id, a.student_id, ${RULES.attendance_present.amount}, 'rule', 'attendance_present',
      'att:' || a.group_id || ':' || a.attend_date || ':' || a.student_id, 0,
      coalesce(g.name, g.code) || ' · ' || a.attend_date, ${authorId}
    from attendances a join groups g on g.company_id = a.company_id and g.id = a.group_id
    where a.company_id = ${companyId} and a.status = ${AttendanceMark.present}
      and a.attend_date >= current_date - 21
    on conflict do nothing`);
}

/** Orders in every status; each reserves its price (and a cancelled one's returns), as the shop books them. */
async function demoOrders(
  tx: Tx,
  company: CreatedCompany & { users: RoleUsers },
  buyers: number[],
  products: { id: number; name: string; price: number }[],
) {
  const plan = [
    { buyer: 0, product: 0, status: OrderStatus.pending, code: '24817' },
    { buyer: 0, product: 1, status: OrderStatus.confirmed, code: '50391' },
    { buyer: 1, product: 1, status: OrderStatus.pending, code: '73305' },
    { buyer: 2, product: 0, status: OrderStatus.confirmed, code: '11946' },
    { buyer: 3, product: 1, status: OrderStatus.cancelled, code: '60472' },
    { buyer: 4, product: 0, status: OrderStatus.pending, code: '38820' },
  ];
  for (const [i, item] of plan.entries()) {
    const studentId = buyers[item.buyer];
    const product = products[item.product]!;
    if (studentId === undefined) continue;
    const placedAt = new Date(Date.now() - (plan.length - i) * 26 * 3_600_000);
    const handled = item.status === OrderStatus.pending ? null : new Date(placedAt.getTime() + 3 * 3_600_000);
    const [order] = await tx
      .insert(shopOrders)
      .values({
        companyId: company.id,
        studentId,
        productId: product.id,
        branchId: company.branchIds[0] ?? null,
        price: product.price,
        status: item.status,
        code: item.code,
        responsibleId: handled ? company.users.admin.id : null,
        createdAt: placedAt,
        confirmedAt: item.status === OrderStatus.confirmed ? handled : null,
        cancelledAt: item.status === OrderStatus.cancelled ? handled : null,
      })
      .returning({ id: shopOrders.id });
    const move = {
      companyId: company.id,
      studentId,
      orderId: order!.id,
      cause: `order:${order!.id}`,
      reason: product.name,
    };
    await tx
      .insert(coinEntries)
      .values({ ...move, amount: -product.price, kind: 'order_reserve', causeSeq: 0, authorId: studentId });
    if (item.status === OrderStatus.cancelled) {
      await tx.insert(coinEntries).values({
        ...move,
        amount: product.price,
        kind: 'order_release',
        causeSeq: 1,
        authorId: company.users.admin.id,
      });
    }
  }
}
