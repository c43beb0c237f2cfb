import {
  type AttendanceCounts,
  type AttendanceReportRow,
  companyDatasSchema,
  countryRules,
  formatPhone,
  type Language,
  normalizeLanguage,
  type SkipClassesRow,
} from '@crm/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

type AttendanceColumn = 'student' | 'group' | 'course' | 'teacher' | 'status' | keyof AttendanceCounts;
type SkipColumn =
  | 'student'
  | 'phone'
  | 'group'
  | 'teacher'
  | 'longestRun'
  | 'absents'
  | 'lessons'
  | 'percent'
  | 'lastAbsent';

interface Words {
  attendanceSheet: string;
  skipSheet: string;
  total: string;
  attendance: Record<AttendanceColumn, string>;
  skip: Record<SkipColumn, string>;
  /** Spec §4 student statuses in a group, by id. */
  status: Record<number, string>;
}

/** The sheets' own words: an export is read outside the app, in the language asked for. */
const WORDS: Record<Language, Words> = {
  uz: {
    attendanceSheet: 'Davomat',
    skipSheet: 'Dars qoldirganlar',
    total: 'Jami',
    attendance: {
      student: 'Oʻquvchi',
      group: 'Guruh',
      course: 'Kurs',
      teacher: 'Oʻqituvchi',
      status: 'Holat',
      visits: 'Keldi',
      absents: 'Kelmadi',
      misses: 'Belgilanmagan',
      all: 'Jami darslar',
    },
    skip: {
      student: 'Oʻquvchi',
      phone: 'Telefon',
      group: 'Guruh',
      teacher: 'Oʻqituvchi',
      longestRun: 'Ketma-ket qoldirgan',
      absents: 'Kelmagan',
      lessons: 'Oʻtgan darslar',
      percent: 'Qoldirish, %',
      lastAbsent: 'Oxirgi qoldirgan kuni',
    },
    status: { 1: 'Sinov darsi', 2: 'Sinovga keldi', 3: 'Kelmadi', 4: 'Muzlatilgan', 5: 'Faol', 6: 'Arxivda' },
  },
  ru: {
    attendanceSheet: 'Посещаемость',
    skipSheet: 'Пропуски занятий',
    total: 'Итого',
    attendance: {
      student: 'Студент',
      group: 'Группа',
      course: 'Курс',
      teacher: 'Преподаватель',
      status: 'Статус',
      visits: 'Посещения',
      absents: 'Отсутствия',
      misses: 'Не отмечено',
      all: 'Всего занятий',
    },
    skip: {
      student: 'Студент',
      phone: 'Телефон',
      group: 'Группа',
      teacher: 'Преподаватель',
      longestRun: 'Пропусков подряд',
      absents: 'Пропуски',
      lessons: 'Прошедшие занятия',
      percent: 'Пропуски, %',
      lastAbsent: 'Последний пропуск',
    },
    status: { 1: 'Пробный', 2: 'Пришёл на пробный', 3: 'Не пришёл', 4: 'Заморожен', 5: 'Активный', 6: 'В архиве' },
  },
  en: {
    attendanceSheet: 'Attendance',
    skipSheet: 'Skipped classes',
    total: 'Total',
    attendance: {
      student: 'Student',
      group: 'Group',
      course: 'Course',
      teacher: 'Teacher',
      status: 'Status',
      visits: 'Visits',
      absents: 'Absents',
      misses: 'Not marked',
      all: 'All lessons',
    },
    skip: {
      student: 'Student',
      phone: 'Phone',
      group: 'Group',
      teacher: 'Teacher',
      longestRun: 'Missed in a row',
      absents: 'Absents',
      lessons: 'Past lessons',
      percent: 'Missed, %',
      lastAbsent: 'Last absence',
    },
    status: { 1: 'Trial', 2: 'Came to trial', 3: 'Did not come', 4: 'Frozen', 5: 'Active', 6: 'Archived' },
  },
  id: {
    attendanceSheet: 'Kehadiran',
    skipSheet: 'Bolos kelas',
    total: 'Total',
    attendance: {
      student: 'Siswa',
      group: 'Grup',
      course: 'Kursus',
      teacher: 'Pengajar',
      status: 'Status',
      visits: 'Hadir',
      absents: 'Absen',
      misses: 'Belum ditandai',
      all: 'Semua pelajaran',
    },
    skip: {
      student: 'Siswa',
      phone: 'Telepon',
      group: 'Grup',
      teacher: 'Pengajar',
      longestRun: 'Absen berturut-turut',
      absents: 'Absen',
      lessons: 'Pelajaran berlalu',
      percent: 'Absen, %',
      lastAbsent: 'Absen terakhir',
    },
    status: { 1: 'Uji coba', 2: 'Datang uji coba', 3: 'Tidak datang', 4: 'Dibekukan', 5: 'Aktif', 6: 'Diarsipkan' },
  },
};

/** A sheet with translated, bold headings and the given column widths. */
function sheetWithColumns<C extends string>(name: string, headings: Record<C, string>, widths: Record<C, number>) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.columns = (Object.keys(widths) as C[]).map((key) => ({ header: headings[key], key, width: widths[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return { workbook, sheet };
}

const toBuffer = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

/** GET /attendance_report/export: every row of the report and a totals row. */
export async function attendanceWorkbook(
  rows: readonly AttendanceReportRow[],
  totals: AttendanceCounts,
  language: string | undefined,
): Promise<Buffer> {
  const words = WORDS[normalizeLanguage(language)];
  const { workbook, sheet } = sheetWithColumns<AttendanceColumn>(words.attendanceSheet, words.attendance, {
    student: 28,
    group: 22,
    course: 20,
    teacher: 24,
    status: 16,
    visits: 12,
    absents: 12,
    misses: 14,
    all: 14,
  });
  for (const row of rows) {
    sheet.addRow({
      student: row.student.name,
      group: row.group.title,
      course: row.course.name,
      teacher: row.teacher.name,
      status: words.status[row.status] ?? String(row.status),
      visits: row.visits,
      absents: row.absents,
      misses: row.misses,
      all: row.all,
    });
  }
  sheet.addRow({ student: words.total, ...totals }).font = { bold: true };
  return toBuffer(workbook);
}

/** GET /reports/skip-classes/export. */
export async function skipClassesWorkbook(
  rows: readonly SkipClassesRow[],
  country: string,
  language: string | undefined,
): Promise<Buffer> {
  const words = WORDS[normalizeLanguage(language)];
  const { workbook, sheet } = sheetWithColumns<SkipColumn>(words.skipSheet, words.skip, {
    student: 28,
    phone: 20,
    group: 22,
    teacher: 24,
    longestRun: 18,
    absents: 12,
    lessons: 16,
    percent: 12,
    lastAbsent: 18,
  });
  const prefix = countryRules(country).phonePrefix;
  for (const row of rows) {
    sheet.addRow({
      student: row.student.name,
      phone: row.student.phone ? `${prefix ? `${prefix} ` : ''}${formatPhone(row.student.phone, country)}` : '',
      group: row.group.title,
      teacher: row.teacher.name,
      longestRun: row.longest_run,
      absents: row.absents,
      lessons: row.lessons,
      percent: row.percent,
      lastAbsent: row.last_absent ?? '',
    });
  }
  return toBuffer(workbook);
}

/** The company's country, for the phone mask of the sheet. */
export async function companyCountry(tx: Tx, companyId: number): Promise<string> {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  return companyDatasSchema.parse(row?.datas ?? {}).country;
}
