import {
  type CoursePayments,
  fromMinorUnits,
  type GroupPayments,
  type LedgerEntry,
  minorDigitsOf,
  type PaymentsFigures,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { type ExportColumn, exportWords } from './export-words.js';

type Cell = string | number;

interface Column<R> {
  key: ExportColumn;
  width: number;
  /** Minor units: written in the currency's main unit, so the sheet can sum them. */
  money?: boolean;
  value: (row: R) => Cell;
}

interface Table<R> {
  sheet: string;
  language: string | undefined;
  currency: string;
  columns: Column<R>[];
  rows: readonly R[];
  /** The total row's cells by column (the first column says "total"). */
  total: Partial<Record<ExportColumn, number>>;
}

/** One sheet: a bold frozen heading (money columns name the currency), the rows and a bold total row. */
async function writeTable<R>(table: Table<R>): Promise<Buffer> {
  const words = exportWords(table.language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(table.sheet);
  const digits = minorDigitsOf(table.currency);
  sheet.columns = table.columns.map((c) => ({
    header: c.money ? `${words.columns[c.key]} (${table.currency})` : words.columns[c.key],
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const cellOf = (column: Column<R>, value: Cell) =>
    column.money && typeof value === 'number' ? fromMinorUnits(value, table.currency) : value;
  for (const column of table.columns.filter((c) => c.money)) {
    sheet.getColumn(column.key).numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  }
  for (const row of table.rows) {
    sheet.addRow(Object.fromEntries(table.columns.map((c) => [c.key, cellOf(c, c.value(row))])));
  }
  const [first] = table.columns;
  const total: Record<string, Cell> = Object.fromEntries(
    table.columns.filter((c) => table.total[c.key] !== undefined).map((c) => [c.key, cellOf(c, table.total[c.key]!)]),
  );
  if (first) total[first.key] = words.total;
  sheet.addRow(total).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** "21.03.2026": the date as the app shows it. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** GET /replenishments/export: the filter's payments, newest first, and their total. */
export function paymentsWorkbook(rows: readonly LedgerEntry[], currency: string, language: string | undefined) {
  const words = exportWords(language);
  return writeTable<LedgerEntry>({
    sheet: words.sheets.payments,
    language,
    currency,
    rows,
    columns: [
      { key: 'date', width: 12, value: (e) => shownDate(e.date) },
      { key: 'student', width: 28, value: (e) => e.student?.name ?? '' },
      { key: 'group', width: 20, value: (e) => e.group?.title ?? '' },
      { key: 'method', width: 16, value: (e) => (e.method ? words.methods[e.method] : '') },
      { key: 'amount', width: 16, money: true, value: (e) => e.amount },
      { key: 'comment', width: 36, value: (e) => e.comment ?? '' },
      { key: 'cashier', width: 24, value: (e) => e.author?.name ?? '' },
    ],
    total: { amount: rows.reduce((acc, e) => acc + e.amount, 0) },
  });
}

const figureColumns = <R extends PaymentsFigures>(): Column<R>[] => [
  { key: 'students', width: 12, value: (r) => r.students },
  { key: 'paid', width: 16, money: true, value: (r) => r.paid },
  { key: 'charged', width: 16, money: true, value: (r) => r.charged },
  { key: 'balance', width: 16, money: true, value: (r) => r.balance },
];

/** GET /replenishments/by-groups/export. */
export function groupsWorkbook(report: GroupPayments, currency: string, language: string | undefined) {
  return writeTable<GroupPayments['data'][number]>({
    sheet: exportWords(language).sheets.groups,
    language,
    currency,
    rows: report.data,
    columns: [
      { key: 'group', width: 24, value: (r) => r.group.title },
      { key: 'course', width: 24, value: (r) => r.course.name },
      { key: 'teacher', width: 24, value: (r) => r.teacher.name },
      ...figureColumns(),
    ],
    total: report.total,
  });
}

/** GET /replenishments/by-courses/export. */
export function coursesWorkbook(report: CoursePayments, currency: string, language: string | undefined) {
  return writeTable<CoursePayments['data'][number]>({
    sheet: exportWords(language).sheets.courses,
    language,
    currency,
    rows: report.data,
    columns: [
      { key: 'course', width: 28, value: (r) => r.course.name },
      { key: 'groups', width: 10, value: (r) => r.groups },
      ...figureColumns(),
    ],
    total: { ...report.total, groups: report.data.reduce((acc, r) => acc + r.groups, 0) },
  });
}
