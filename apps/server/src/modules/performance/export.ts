import {
  countryRules,
  fromMinorUnits,
  type Language,
  type LeftReason,
  minorDigitsOf,
  normalizeLanguage,
  type PerformanceFigures,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { inEachLanguage, wordsByLanguage } from '../../platform/sheet-words.js';
import type { PerformanceKey } from './performance-places.js';
import type { performanceOf } from './productivity.js';

type Report = Awaited<ReturnType<typeof performanceOf>>;

type Column =
  | 'teacher'
  | 'course'
  | 'groups'
  | 'active_at_start'
  | 'new_students'
  | 'left'
  | 'left_reasons'
  | 'moved_out'
  | 'active_at_end'
  | 'retention'
  | 'attendance'
  | 'trials'
  | 'converted'
  | 'conversion'
  | 'income';

const COLUMNS = wordsByLanguage<Column>({
  teacher: ['Oʻqituvchi', 'Преподаватель', 'Teacher', 'Guru'],
  course: ['Kurs', 'Курс', 'Course', 'Kursus'],
  groups: ['Guruhlar', 'Группы', 'Groups', 'Kelompok'],
  active_at_start: ['Boshida faol', 'Активных на начало', 'Active at start', 'Aktif di awal'],
  new_students: ['Yangi', 'Новые', 'New', 'Baru'],
  left: ['Ketganlar', 'Ушли', 'Left', 'Keluar'],
  left_reasons: ['Ketish sabablari', 'Причины ухода', 'Reasons for leaving', 'Alasan keluar'],
  moved_out: ['Boshqa guruhga oʻtgan', 'Переведены в другую группу', 'Moved to another group', 'Pindah kelompok'],
  active_at_end: ['Oxirida faol', 'Активных на конец', 'Active at end', 'Aktif di akhir'],
  retention: ['Saqlab qolish, %', 'Удержание, %', 'Retention, %', 'Retensi, %'],
  attendance: ['Davomat, %', 'Посещаемость, %', 'Attendance, %', 'Kehadiran, %'],
  trials: ['Sinov darsida', 'Пробных', 'Trials', 'Uji coba'],
  converted: ['Toʻlovga oʻtgan', 'Перешли в оплату', 'Became paying', 'Menjadi berbayar'],
  conversion: ['Konversiya, %', 'Конверсия, %', 'Conversion, %', 'Konversi, %'],
  income: ['Tushum', 'Доход', 'Income', 'Pendapatan'],
});

const OTHER = wordsByLanguage({
  teachers: ['Oʻqituvchilar samaradorligi', 'Эффективность преподавателей', 'Teacher performance', 'Kinerja guru'],
  courses: ['Kurslar samaradorligi', 'Эффективность курсов', 'Course performance', 'Kinerja kursus'],
  total: ['Jami', 'Итого', 'Total', 'Total'],
  noReason: ['Sababsiz', 'Без причины', 'No reason given', 'Tanpa alasan'],
});

const WORDS = inEachLanguage((language: Language) => ({ columns: COLUMNS[language], ...OTHER[language] }));

const reasonsText = (reasons: readonly LeftReason[], noReason: string) =>
  reasons.map((r) => `${r.reason?.name ?? noReason}: ${r.count}`).join('; ');

/**
 * GET /performance/teachers/export and /performance/courses/export: the table as the page shows it,
 * one row a teacher (or course) and a bold total row; percents as numbers, money in the currency's
 * main unit. A caller who sees no money gets no income column at all.
 */
export async function performanceWorkbook(
  report: Report,
  key: PerformanceKey,
  language: string | undefined,
): Promise<Buffer> {
  const words = WORDS[normalizeLanguage(language)];
  const currency = countryRules(report.country).currency;
  const keys: Column[] = [
    key,
    'groups',
    'active_at_start',
    'new_students',
    'left',
    'left_reasons',
    'moved_out',
    'active_at_end',
    'retention',
    'attendance',
    'trials',
    'converted',
    'conversion',
    ...(report.policies.income ? (['income'] as const) : []),
  ];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(key === 'teacher' ? words.teachers : words.courses);
  sheet.columns = keys.map((column) => ({
    header: column === 'income' ? `${words.columns.income} (${currency})` : words.columns[column],
    key: column,
    width: column === key || column === 'left_reasons' ? 30 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const digits = minorDigitsOf(currency);
  if (report.policies.income) sheet.getColumn('income').numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';

  const cells = (name: string, f: PerformanceFigures) => ({
    [key]: name,
    groups: f.groups,
    active_at_start: f.active_at_start,
    new_students: f.new_students,
    left: f.left,
    left_reasons: reasonsText(f.left_reasons, words.noReason),
    moved_out: f.moved_out,
    active_at_end: f.active_at_end,
    retention: f.retention ?? '',
    attendance: f.attendance.percent ?? '',
    trials: f.conversion.trials,
    converted: f.conversion.converted,
    conversion: f.conversion.percent ?? '',
    ...(f.income === null ? {} : { income: fromMinorUnits(f.income, currency) }),
  });
  for (const row of report.rows) sheet.addRow(cells(row.ref.name, row.figures));
  sheet.addRow(cells(words.total, report.total)).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
