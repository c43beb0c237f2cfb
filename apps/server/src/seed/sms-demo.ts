import {
  addDays,
  type CompanyDatas,
  companyDatasSchema,
  companyDay,
  type Language,
  renderSmsText,
} from '@crm/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { autoSmsRules, smsAccounts, smsMessages, smsTemplates, users } from '../db/schema/index.js';
import { smsAccountOf } from '../modules/sms/account.js';
import { DEFAULT_RULE_TEXTS } from '../modules/sms/auto-rule-defaults.js';
import { storeMessages } from '../modules/sms/outbox.js';
import { studentFacts, studentRecipients } from '../modules/sms/recipients.js';
import { companyFacts as companyFactsOf } from '../modules/sms/sending.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

const TEMPLATES: Record<Language, [string, string][]> = {
  uz: [
    [
      "To'lov eslatmasi",
      "Hurmatli {parent_name}, {student_name}ning {debt} qarzi bor. Iltimos, to'lang. {branch_phone}",
    ],
    ['Dars bekor', '{student_name}, bugungi {group} darsi bekor qilindi. Keyingi dars: {next_lesson_date}.'],
    ['Xush kelibsiz', '{student_name}, {company_name}ga xush kelibsiz! Birinchi dars: {next_lesson_date}.'],
  ],
  ru: [
    [
      'Напоминание об оплате',
      'Уважаемый(ая) {parent_name}, у {student_name} долг {debt}. Просим оплатить. {branch_phone}',
    ],
    ['Занятие отменено', '{student_name}, сегодняшнее занятие {group} отменено. Следующее: {next_lesson_date}.'],
    ['Добро пожаловать', '{student_name}, добро пожаловать в {company_name}! Первое занятие: {next_lesson_date}.'],
  ],
  en: [
    ['Payment reminder', 'Dear {parent_name}, {student_name} owes {debt}. Please pay. {branch_phone}'],
    ['Lesson cancelled', "{student_name}, today's {group} lesson is cancelled. Next: {next_lesson_date}."],
    ['Welcome', '{student_name}, welcome to {company_name}! First lesson: {next_lesson_date}.'],
  ],
  id: [
    ['Pengingat pembayaran', 'Yth. {parent_name}, {student_name} menunggak {debt}. Mohon dibayar. {branch_phone}'],
    ['Pelajaran batal', '{student_name}, pelajaran {group} hari ini batal. Berikutnya: {next_lesson_date}.'],
    ['Selamat datang', '{student_name}, selamat datang di {company_name}! Pelajaran pertama: {next_lesson_date}.'],
  ],
};

/** How the demo's past messages ended: most delivered, a few still on their way or undeliverable. */
const OUTCOMES = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'accepted',
  'not_delivered',
  'delivered',
];

/**
 * The demo's SMS (issue 15): an account with its month's limit and a bonus, three templates, the birthday,
 * debtor and payment rules switched on, and some sixty SMS of the last three weeks with their delivery
 * states — written as the app writes them (outbox, allowance, history), then given the states an operator
 * would have reported.
 */
export async function seedSmsDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  datas: Partial<CompanyDatas>,
) {
  const settings = companyDatasSchema.parse(datas);
  const language = settings.locale;
  const today = companyDay(settings, new Date());
  await inCompany(db, company.id, async (tx) => {
    await smsAccountOf(tx, company.id);
    await tx
      .update(smsAccounts)
      .set({ monthlyLimit: 2_000, bonusTotal: 300, sender: 'DemoAcademy' })
      .where(eq(smsAccounts.companyId, company.id));
    const templates = TEMPLATES[language];
    await tx.insert(smsTemplates).values(templates.map(([title, text]) => ({ companyId: company.id, title, text })));
    await tx.insert(autoSmsRules).values(
      (['advance_payment', 'birthday', 'debtor', 'payment_done'] as const).map((rule) => ({
        companyId: company.id,
        rule,
        enabled: true,
        text: DEFAULT_RULE_TEXTS[rule][language],
      })),
    );
    const students = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, company.id), sql`7 = any(${users.roles})`, sql`${users.archivedAt} is null`))
      .orderBy(asc(users.id))
      .limit(60);
    const facts = await studentFacts(
      tx,
      company.id,
      students.map((s) => s.id),
      today,
    );
    const ids = students.map((s) => s.id);
    const companyFacts = { ...(await companyFactsOf(tx, company.id, new Date())), today };
    for (const [index, id] of ids.entries()) {
      const student = facts.get(id);
      if (!student) continue;
      const daysAgo = index % 21;
      const at = new Date(`${addDays(today, -daysAgo)}T0${(index % 8) + 1}:15:00Z`);
      // The debtor rule wrote to debtors, the advance-payment rule to some whose month is about to be charged
      // (the demo's balances are not yet charged when it is seeded); the others are the admins' messages.
      const debtor = student.balance < 0;
      const rule = debtor ? (index % 2 === 0 ? 'debtor' : null) : index % 5 === 0 ? 'advance_payment' : null;
      const automatic = rule !== null;
      const template = templates[debtor ? 0 : 1 + (index % 2)]?.[1] ?? '';
      const text = rule ? DEFAULT_RULE_TEXTS[rule][language] : template;
      const recipients = studentRecipients([student], index % 4 === 0 ? 'parent' : 'student', companyFacts, {
        no_phone: 0,
        archived: 0,
        not_own: 0,
      });
      const stored = await storeMessages(
        tx,
        recipients.map((r) => ({ ...r, text: renderSmsText(text, r.values) })),
        {
          companyId: company.id,
          actorId: automatic ? null : company.users.admin.id,
          kind: automatic ? 'auto' : 'manual',
          rule: rule ?? undefined,
          sender: 'DemoAcademy',
          provider: 'eskiz',
          at,
          overAllowance: 'reject',
        },
      );
      if (!stored.ids.length) continue;
      await tx
        .update(smsMessages)
        .set({
          state: OUTCOMES[index % OUTCOMES.length] as string,
          providerMessageId: sql`'demo-' || ${smsMessages.id}`,
          sentAt: at,
          stateAt: new Date(at.getTime() + 40_000),
        })
        .where(and(eq(smsMessages.companyId, company.id), inArray(smsMessages.id, stored.ids)));
    }
  });
}
