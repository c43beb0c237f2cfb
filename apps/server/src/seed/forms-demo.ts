import { randomBytes } from 'node:crypto';
import {
  type FormFieldInput,
  formFieldsSchema,
  type LandingBlockInput,
  landingBlockSchema,
  phoneDigitCount,
} from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  formAnswers,
  formAuditLinks,
  forms,
  groupStudents,
  groups,
  landingPages,
  loginLooks,
  users,
} from '../db/schema/index.js';
import { addVisitorLead } from '../modules/leads/lead-public.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany, RoleUsers } from './factories.js';

type Locale = 'uz' | 'ru';
const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The feedback form of each demo company, in its language: every field type of spec §3. */
const FEEDBACK: Record<Locale, { title: string; fields: FormFieldInput[] }> = {
  uz: {
    title: 'Markaz haqida fikringiz',
    fields: [
      { key: 'name', type: 'short_answer', label: 'Ismingiz', required: true },
      { key: 'intro', type: 'text', label: 'Fikringiz darslarni yaxshilashga yordam beradi. 2 daqiqa vaqt oladi.' },
      {
        key: 'course',
        type: 'one_of_list',
        label: 'Qaysi kursda oʻqiysiz?',
        options: ['Ingliz tili', 'IT', 'Matematika'],
        required: true,
      },
      {
        key: 'liked',
        type: 'several_of_list',
        label: 'Nima yoqdi?',
        options: ['Oʻqituvchi', 'Xona', 'Jadval', 'Narx'],
      },
      {
        key: 'heard',
        type: 'dropdown',
        label: 'Biz haqimizda qayerdan bildingiz?',
        options: ['Instagram', 'Telegram', 'Doʻstlar', 'Reklama'],
      },
      { key: 'more', type: 'section', label: 'Batafsil' },
      { key: 'story', type: 'long_answer', label: 'Nimani oʻzgartirgan boʻlardingiz?' },
      { key: 'mail', type: 'email', label: 'E-pochta' },
      { key: 'phone', type: 'phone', label: 'Telefon' },
      { key: 'nps', type: 'nps', label: 'Bizni doʻstlaringizga tavsiya qilasizmi?', required: true },
    ],
  },
  ru: {
    title: 'Ваше мнение о саде',
    fields: [
      { key: 'name', type: 'short_answer', label: 'Ваше имя', required: true },
      { key: 'intro', type: 'text', label: 'Ваш ответ поможет нам стать лучше. Это займёт 2 минуты.' },
      {
        key: 'course',
        type: 'one_of_list',
        label: 'Какую группу посещает ребёнок?',
        options: ['Младшая', 'Средняя', 'Старшая'],
        required: true,
      },
      {
        key: 'liked',
        type: 'several_of_list',
        label: 'Что понравилось?',
        options: ['Воспитатели', 'Питание', 'Занятия', 'Прогулки'],
      },
      {
        key: 'heard',
        type: 'dropdown',
        label: 'Откуда вы о нас узнали?',
        options: ['Instagram', 'Telegram', 'Друзья', 'Реклама'],
      },
      { key: 'more', type: 'section', label: 'Подробнее' },
      { key: 'story', type: 'long_answer', label: 'Что бы вы изменили?' },
      { key: 'mail', type: 'email', label: 'E-mail' },
      { key: 'phone', type: 'phone', label: 'Телефон' },
      { key: 'nps', type: 'nps', label: 'Порекомендуете ли вы нас друзьям?', required: true },
    ],
  },
};

const NAMES = ['Aziza', 'Bobur', 'Dilnoza', 'Jasur', 'Kamola', 'Lola', 'Sardor', 'Nodira', 'Otabek', 'Shahlo'];
const STORIES = ['', 'Koʻproq speaking darslari', '', 'Jadval qulayroq boʻlsa', 'Hammasi yoqadi!', ''];
const SOURCES = ['instagram', 'telegram', 'google', ''];
const NPS = [10, 9, 9, 8, 10, 7, 6, 9, 10, 3, 8, 9];

const insertForm = async (tx: Tx, companyId: number, authorId: number, values: Partial<typeof forms.$inferInsert>) => {
  const [row] = await tx
    .insert(forms)
    .values({
      companyId,
      kind: 'form',
      title: '',
      fields: [],
      status: 'published',
      publishedAt: new Date(),
      createdBy: authorId,
      ...values,
    })
    .returning();
  if (!row) throw new Error('demo form not made');
  return row;
};

const daysAgo = (days: number, hour = 11) => new Date(Date.now() - days * 86_400_000 - hour * 60_000);

/**
 * Forms for the demo (issue 20): a published feedback form with every field type and 40 answers over the last
 * month (utm sources, NPS), a lesson-quality audit sent to the students of two groups and answered by most, a
 * lead form whose answers are leads on the board, a landing page that embeds it, and the log-in page's welcome.
 */
export async function seedFormsDemo(
  db: Db,
  company: CreatedCompany & { users: RoleUsers },
  locale: Locale,
  country: string,
) {
  const companyId = company.id;
  const author = company.users.marketer.id;
  await inCompany(db, companyId, async (tx) => {
    const feedbackFields = formFieldsSchema.parse(FEEDBACK[locale].fields);
    const feedback = await insertForm(tx, companyId, author, { title: FEEDBACK[locale].title, fields: feedbackFields });
    const choices = (key: string) => {
      const field = feedbackFields.find((f) => f.key === key);
      return field && 'options' in field ? field.options : [];
    };
    await tx.insert(formAnswers).values(
      Array.from({ length: 40 }, (_, i) => {
        const story = pick(STORIES, i);
        return {
          companyId,
          formId: feedback.id,
          values: {
            name: pick(NAMES, i),
            course: pick(choices('course'), i * 7),
            liked: [pick(choices('liked'), i), pick(choices('liked'), i + 2)],
            heard: pick(choices('heard'), i * 3),
            ...(story ? { story } : {}),
            nps: pick(NPS, i),
          },
          source: pick(SOURCES, i) ? { utm_source: pick(SOURCES, i), utm_campaign: 'autumn' } : {},
          createdAt: daysAgo(i * 0.75),
        };
      }),
    );
    await seedAudit(tx, companyId, author, locale);
    const leadForm = await seedLeadForm(tx, company, author, locale, country);
    await seedLanding(tx, companyId, author, locale, leadForm);
    await tx.insert(loginLooks).values({
      companyId,
      welcome:
        locale === 'uz'
          ? {
              uz: 'Xush kelibsiz! Bugun ham yangi bilimlar sari.',
              ru: 'Добро пожаловать!',
              en: 'Welcome back!',
              id: '',
            }
          : { uz: '', ru: 'Добро пожаловать в Kids Garden!', en: 'Welcome to Kids Garden!', id: '' },
    });
  });
}

/** The audit: links for the students of the first two running groups; three in four answered. */
async function seedAudit(tx: Tx, companyId: number, author: number, locale: Locale) {
  const fields = formFieldsSchema.parse([
    {
      key: 'nps',
      type: 'nps',
      label: locale === 'uz' ? 'Oʻqituvchingizni tavsiya qilasizmi?' : 'Порекомендуете ли вы воспитателя?',
      required: true,
    },
    { key: 'why', type: 'long_answer', label: locale === 'uz' ? 'Nima uchun?' : 'Почему?' },
  ]);
  const title = locale === 'uz' ? 'Dars sifati — noyabr' : 'Качество занятий — ноябрь';
  const audit = await insertForm(tx, companyId, author, { kind: 'audit', title, fields });
  const chosen = await tx
    .select({ id: groups.id, teacherId: groups.teacherId })
    .from(groups)
    .where(eq(groups.companyId, companyId))
    .orderBy(asc(groups.id))
    .limit(2);
  const seated = await tx
    .select({ groupId: groupStudents.groupId, studentId: groupStudents.studentId })
    .from(groupStudents)
    .where(
      and(
        eq(groupStudents.companyId, companyId),
        inArray(
          groupStudents.groupId,
          chosen.map((g) => g.id),
        ),
        inArray(groupStudents.status, [1, 2, 4, 5]),
      ),
    );
  const teacherOf = new Map(chosen.map((g) => [g.id, g.teacherId]));
  for (const [i, s] of seated.entries()) {
    const teacherId = teacherOf.get(s.groupId) ?? null;
    let answerId: number | null = null;
    if (i % 4 !== 3) {
      const [answer] = await tx
        .insert(formAnswers)
        .values({
          companyId,
          formId: audit.id,
          values: { nps: pick(NPS, i + s.groupId), ...(i % 3 === 0 ? { why: pick(STORIES, i + 1) || '—' } : {}) },
          studentId: s.studentId,
          groupId: s.groupId,
          teacherId,
          createdAt: daysAgo(i % 5),
        })
        .returning({ id: formAnswers.id });
      answerId = answer?.id ?? null;
    }
    await tx.insert(formAuditLinks).values({
      companyId,
      formId: audit.id,
      token: randomBytes(24).toString('base64url'),
      studentId: s.studentId,
      groupId: s.groupId,
      teacherId,
      answerId,
      sentAt: daysAgo(6),
    });
  }
}

/** The lead form of the first branch; each answer made a lead on the board (through the leads module). */
async function seedLeadForm(tx: Tx, company: CreatedCompany, author: number, locale: Locale, country: string) {
  const uz = locale === 'uz';
  const fields = formFieldsSchema.parse([
    { key: 'name', type: 'short_answer', label: uz ? 'Ismingiz' : 'Имя', required: true },
    { key: 'phone', type: 'phone', label: uz ? 'Telefon' : 'Телефон', required: true },
    {
      key: 'time',
      type: 'dropdown',
      label: uz ? 'Qulay vaqt' : 'Удобное время',
      options: ['09:00–12:00', '14:00–18:00'],
    },
  ]);
  const title = uz ? 'Bepul sinov darsi' : 'Бесплатное пробное занятие';
  const form = await insertForm(tx, company.id, author, {
    kind: 'lead',
    title,
    fields,
    branchId: company.branchIds[0],
  });
  const visitors = [
    ['Madina Rahimova', '901112201', '09:00–12:00'],
    ['Timur Aliev', '901112202', '14:00–18:00'],
    ['Zarina Qodirova', '901112203', '14:00–18:00'],
  ] as const;
  for (const [name, phone, time] of visitors) {
    const national = phone.padStart(phoneDigitCount(country), '7');
    const leadId = await addVisitorLead(tx, company.id, {
      branchId: form.branchId,
      courseId: null,
      sectionId: null,
      sourceId: null,
      name,
      phone: national,
      comment: `${fields[2]?.label}: ${time}`,
      origin: { via: 'lead_form', ip: '203.0.113.9', form_id: form.id },
    });
    await tx
      .insert(formAnswers)
      .values({ companyId: company.id, formId: form.id, values: { name, phone: national, time }, leadId });
  }
  return form.id;
}

async function seedLanding(tx: Tx, companyId: number, author: number, locale: Locale, leadForm: number) {
  const uz = locale === 'uz';
  const teachers = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.teacherId, users.id)))
    .where(eq(users.companyId, companyId))
    .groupBy(users.id)
    .orderBy(asc(users.id))
    .limit(4);
  const blocks: LandingBlockInput[] = [
    {
      type: 'hero',
      heading: uz ? 'Yangi guruhlarga qabul ochiq' : 'Открыт набор в группы',
      text: uz ? 'Birinchi dars bepul. Kichik guruhlar, tajribali ustozlar.' : 'Первое занятие бесплатно.',
      button: uz ? 'Yozilish' : 'Записаться',
    },
    { type: 'courses', heading: uz ? 'Kurslar' : 'Программы' },
    { type: 'teachers', heading: uz ? 'Ustozlar' : 'Воспитатели', teacher_ids: teachers.map((t) => t.id) },
    { type: 'groups', heading: uz ? 'Tez orada boshlanadigan guruhlar' : 'Скоро старт' },
    {
      type: 'testimonials',
      heading: uz ? 'Oʻquvchilarimiz fikri' : 'Отзывы родителей',
      items: uz
        ? [
            { name: 'Dilnoza', text: 'Uch oyda IELTS 7.0 oldim. Rahmat!' },
            { name: 'Jasur', text: 'Python kursidan keyin ishga kirdim.' },
          ]
        : [{ name: 'Анна', text: 'Сын идёт в сад с радостью каждый день.' }],
    },
    {
      type: 'contacts',
      heading: uz ? 'Manzil' : 'Контакты',
      address: uz ? 'Toshkent, Chilonzor 9-mavze' : 'Алматы, ул. Абая 10',
      phone: uz ? '+998 71 200 00 00' : '+7 727 300 00 00',
      map_url: 'https://yandex.uz/maps/',
    },
    { type: 'lead_form', heading: uz ? 'Soʻrov qoldiring' : 'Оставьте заявку', form_id: leadForm },
  ];
  await tx.insert(landingPages).values({
    companyId,
    slug: uz ? 'qabul' : 'nabor',
    locale,
    title: uz ? 'Demo Academy — yangi guruhlarga qabul' : 'Kids Garden — набор',
    description: uz ? 'Ingliz tili, IT va matematika kurslari. Birinchi dars bepul.' : 'Набор в группы детского сада.',
    blocks: blocks.map((b) => landingBlockSchema.parse(b)),
    status: 'published',
    createdBy: author,
  });
}
