import { TagType, type TagTypeId } from '@crm/contracts';
import type { Db } from '../db/client.js';
import { type CourseSpec, createArchiveReason, createCourse, createHoliday, createTag } from './courses-factories.js';

/**
 * The demo's course catalogue, holidays, tags and archive reasons. Prices are in the company currency's
 * minor unit (contracts CURRENCY_MINOR_DIGITS): UZS has no minor unit in practice, so 450 000 sum is
 * stored as 450000; KZT is stored in tiyn (25 000 ₸ = 2 500 000).
 */

interface DemoCourse extends Omit<CourseSpec, 'parentId'> {
  levels?: Omit<CourseSpec, 'parentId'>[];
}

interface DemoCatalogue {
  courses: DemoCourse[];
  holidays: [name: string, date: string][];
  tags: [name: string, type: TagTypeId, color: string][];
  archiveReasons: [name: string, active: boolean][];
}

const english = (name: string, code: string): Omit<CourseSpec, 'parentId'> => ({
  name,
  code,
  price: 450_000,
  lessonDuration: 90,
  courseDurationMonths: 3,
  examDuration: 60,
  lessonsPerModule: 12,
});

/** A training centre in Tashkent (UZS, Uzbek names where a centre would use them). */
const TRAINING_CENTRE: DemoCatalogue = {
  courses: [
    {
      description: 'Grammar, speaking and listening from zero to Upper-Intermediate, one level every three months.',
      ...english('General English', 'ENG'),
      levels: [
        english('Beginner', 'ENG-BEG'),
        english('Elementary', 'ENG-ELE'),
        english('Pre-Intermediate', 'ENG-PRE'),
        { ...english('Intermediate', 'ENG-INT'), price: 500_000 },
        { ...english('Upper-Intermediate', 'ENG-UPP'), price: 550_000 },
      ],
    },
    {
      name: 'IELTS',
      code: 'IELTS',
      description: 'Preparation for the IELTS Academic test with weekly mock exams.',
      price: 750_000,
      lessonDuration: 120,
      courseDurationMonths: 4,
      examDuration: 165,
      lessonsPerModule: 12,
      levels: [
        { name: 'IELTS Foundation (5.0–5.5)', code: 'IELTS-F', price: 700_000, lessonDuration: 120 },
        { name: 'IELTS Intensive (7.0+)', code: 'IELTS-I', price: 850_000, lessonDuration: 120, examDuration: 165 },
      ],
    },
    {
      name: 'Kids English',
      code: 'KIDS',
      description: 'English through games and songs for children aged 7–11 (Cambridge YLE).',
      price: 380_000,
      lessonDuration: 60,
      courseDurationMonths: 6,
      levels: [
        { name: 'Starters', code: 'KIDS-ST', price: 380_000, lessonDuration: 60 },
        { name: 'Movers', code: 'KIDS-MV', price: 380_000, lessonDuration: 60 },
        { name: 'Flyers', code: 'KIDS-FL', price: 400_000, lessonDuration: 60 },
      ],
    },
    {
      name: 'Rus tili',
      code: 'RUS',
      description: 'Rus tilini noldan suhbat darajasigacha oʻrganish.',
      price: 400_000,
      lessonDuration: 90,
      courseDurationMonths: 4,
      levels: [
        { name: 'Boshlangʻich (A1–A2)', code: 'RUS-A', price: 400_000, lessonDuration: 90 },
        { name: 'Oʻrta (B1–B2)', code: 'RUS-B', price: 450_000, lessonDuration: 90 },
      ],
    },
    {
      name: 'Matematika',
      code: 'MATH',
      description: 'Maktab dasturi va oliy taʼlim muassasalariga kirish imtihonlariga tayyorlov.',
      price: 420_000,
      lessonDuration: 90,
      courseDurationMonths: 9,
      examDuration: 90,
      levels: [
        { name: '5–7-sinflar', code: 'MATH-57', price: 380_000, lessonDuration: 90 },
        { name: 'Abituriyentlar uchun', code: 'MATH-ABT', price: 480_000, lessonDuration: 120, examDuration: 180 },
      ],
    },
    {
      name: 'Python',
      code: 'PY',
      description: 'Programming in Python: from the first script to a web back end.',
      price: 900_000,
      lessonDuration: 120,
      courseDurationMonths: 6,
      lessonsPerModule: 12,
      levels: [
        { name: 'Python Basics', code: 'PY-BAS', price: 900_000, lessonDuration: 120, courseDurationMonths: 3 },
        { name: 'Python Backend (Django)', code: 'PY-DJ', price: 1_100_000, lessonDuration: 120 },
      ],
    },
    {
      name: 'Frontend',
      code: 'FE',
      description: 'Web pages and applications: HTML, CSS, JavaScript and React.',
      price: 1_000_000,
      lessonDuration: 120,
      courseDurationMonths: 8,
      lessonsPerModule: 12,
      levels: [
        { name: 'HTML & CSS', code: 'FE-HC', price: 850_000, lessonDuration: 120, courseDurationMonths: 2 },
        { name: 'JavaScript', code: 'FE-JS', price: 1_000_000, lessonDuration: 120, courseDurationMonths: 3 },
        { name: 'React', code: 'FE-RE', price: 1_200_000, lessonDuration: 120, courseDurationMonths: 3 },
      ],
    },
    {
      name: 'Scratch for kids',
      code: 'SCR',
      description: 'First steps in programming with Scratch for children aged 8–12.',
      price: 350_000,
      lessonDuration: 60,
      courseDurationMonths: 3,
    },
    {
      name: 'Koreys tili',
      code: 'KOR',
      description: 'TOPIK imtihoniga tayyorgarlik.',
      price: 500_000,
      lessonDuration: 90,
      courseDurationMonths: 6,
      levels: [
        { name: 'TOPIK I', code: 'KOR-1', price: 500_000, lessonDuration: 90 },
        { name: 'TOPIK II', code: 'KOR-2', price: 600_000, lessonDuration: 90 },
      ],
    },
    {
      name: 'Kompyuter savodxonligi',
      code: 'PC',
      description: 'Word, Excel, PowerPoint va internet bilan ishlash.',
      price: 300_000,
      lessonDuration: 90,
      courseDurationMonths: 2,
    },
  ],
  holidays: [
    ['Yangi yil', '2026-01-01'],
    ['Xalqaro xotin-qizlar kuni', '2026-03-08'],
    ['Ramazon hayiti', '2026-03-20'],
    ['Navroʻz bayrami', '2026-03-21'],
    ['Xotira va qadrlash kuni', '2026-05-09'],
    ['Qurbon hayiti', '2026-05-27'],
    ['Mustaqillik kuni', '2026-09-01'],
    ['Oʻqituvchi va murabbiylar kuni', '2026-10-01'],
    ['Konstitutsiya kuni', '2026-12-08'],
  ],
  tags: [
    ['VIP', TagType.student, '#FAAD14'],
    ['Chegirma', TagType.student, '#52C41A'],
    ['Olimpiada', TagType.student, '#722ED1'],
    ['Intensiv', TagType.group, '#F5222D'],
    ['Onlayn', TagType.group, '#1677FF'],
    ['Instagram', TagType.lead, '#EB2F96'],
    ['Qayta qoʻngʻiroq', TagType.lead, '#FA8C16'],
    ['Shoshilinch', TagType.task, '#F5222D'],
  ],
  archiveReasons: [
    ['Boshqa shaharga koʻchib ketdi', true],
    ['Narx qimmatlik qildi', true],
    ['Dars vaqti toʻgʻri kelmadi', true],
    ['Kursni tamomladi', true],
    ['Oʻqituvchi almashdi', false],
  ],
};

const kzt = (tenge: number) => tenge * 100;

/** A kindergarten in Almaty (KZT in tiyn, Russian names as its locale is ru). */
const KINDERGARTEN: DemoCatalogue = {
  courses: [
    {
      name: 'Раннее развитие',
      code: 'RR',
      price: kzt(25_000),
      lessonDuration: 40,
      courseDurationMonths: 9,
      levels: [
        { name: 'Группа 2–3 года', code: 'RR-2', price: kzt(25_000), lessonDuration: 30 },
        { name: 'Группа 4–5 лет', code: 'RR-4', price: kzt(28_000), lessonDuration: 40 },
      ],
    },
    { name: 'Английский для малышей', code: 'ENG', price: kzt(20_000), lessonDuration: 30, courseDurationMonths: 9 },
    { name: 'Подготовка к школе', code: 'SCH', price: kzt(30_000), lessonDuration: 45, courseDurationMonths: 9 },
    { name: 'Рисование', code: 'ART', price: kzt(15_000), lessonDuration: 40, courseDurationMonths: 9 },
    { name: 'Музыка и танцы', code: 'MUS', price: kzt(15_000), lessonDuration: 40, courseDurationMonths: 9 },
  ],
  holidays: [
    ['Новый год', '2026-01-01'],
    ['Международный женский день', '2026-03-08'],
    ['Наурыз мейрамы', '2026-03-21'],
    ['Наурыз мейрамы', '2026-03-22'],
    ['Наурыз мейрамы', '2026-03-23'],
    ['День единства народа Казахстана', '2026-05-01'],
    ['День Победы', '2026-05-09'],
    ['День Столицы', '2026-07-06'],
    ['День Конституции', '2026-08-30'],
    ['День Республики', '2026-10-25'],
    ['День Независимости', '2026-12-16'],
  ],
  tags: [
    ['VIP', TagType.student, '#FAAD14'],
    ['Скидка', TagType.student, '#52C41A'],
    ['Аллергия', TagType.student, '#F5222D'],
  ],
  archiveReasons: [
    ['Переезд', true],
    ['Дорого', true],
    ['Пошёл в школу', true],
    ['Неудобное расписание', true],
  ],
};

/** Seeds one company's catalogue; the kindergarten demo gets its own. Not idempotent: run once per company. */
export async function seedCoursesDemo(db: Db, companyId: number, options: { kindergarten?: boolean } = {}) {
  const catalogue = options.kindergarten ? KINDERGARTEN : TRAINING_CENTRE;
  for (const { levels = [], ...course } of catalogue.courses) {
    const parentId = await createCourse(db, companyId, course);
    for (const level of levels) {
      await createCourse(db, companyId, {
        ...level,
        parentId,
        courseDurationMonths: level.courseDurationMonths ?? course.courseDurationMonths,
        lessonsPerModule: level.lessonsPerModule ?? course.lessonsPerModule,
      });
    }
  }
  for (const [name, date] of catalogue.holidays) await createHoliday(db, companyId, name, date);
  for (const [name, type, color] of catalogue.tags) await createTag(db, companyId, name, type, color);
  for (const [name, active] of catalogue.archiveReasons) await createArchiveReason(db, companyId, name, active);
}
