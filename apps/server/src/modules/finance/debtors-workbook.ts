import {
  countryRules,
  formatPhone,
  fromMinorUnits,
  type Language,
  minorDigitsOf,
  normalizeLanguage,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import type { DebtorsExport } from './debtors-export.js';

type Column = 'student' | 'phone' | 'groups' | 'opening' | 'paid' | 'charged' | 'other' | 'balance' | 'lessons';
const MONEY_COLUMNS = ['opening', 'paid', 'charged', 'other', 'balance'] as const;

interface Words {
  sheet: string;
  total: string;
  /** `{day}` and `{currency}` are filled in. */
  columns: Record<Column, string>;
}

/** The sheet's own words: an export is read outside the app, in the language asked for. */
const WORDS: Record<Language, Words> = {
  uz: {
    sheet: 'Qarzdorlar',
    total: 'Jami',
    columns: {
      student: 'Oʻquvchi',
      phone: 'Telefon',
      groups: 'Guruhlar',
      opening: '{day} holatiga balans, {currency}',
      paid: 'Toʻlangan, {currency}',
      charged: 'Yechilgan, {currency}',
      other: 'Qaytarish va tuzatishlar, {currency}',
      balance: '{day} holatiga qarz, {currency}',
      lessons: 'Qarz darslarda',
    },
  },
  ru: {
    sheet: 'Должники',
    total: 'Итого',
    columns: {
      student: 'Студент',
      phone: 'Телефон',
      groups: 'Группы',
      opening: 'Баланс на {day}, {currency}',
      paid: 'Оплачено, {currency}',
      charged: 'Списано, {currency}',
      other: 'Возвраты и исправления, {currency}',
      balance: 'Долг на {day}, {currency}',
      lessons: 'Долг в уроках',
    },
  },
  en: {
    sheet: 'Debtors',
    total: 'Total',
    columns: {
      student: 'Student',
      phone: 'Phone',
      groups: 'Groups',
      opening: 'Balance on {day}, {currency}',
      paid: 'Paid, {currency}',
      charged: 'Charged, {currency}',
      other: 'Refunds and corrections, {currency}',
      balance: 'Debt on {day}, {currency}',
      lessons: 'Debt in lessons',
    },
  },
  id: {
    sheet: 'Penunggak',
    total: 'Total',
    columns: {
      student: 'Siswa',
      phone: 'Telepon',
      groups: 'Grup',
      opening: 'Saldo per {day}, {currency}',
      paid: 'Dibayar, {currency}',
      charged: 'Ditagih, {currency}',
      other: 'Pengembalian dan koreksi, {currency}',
      balance: 'Utang per {day}, {currency}',
      lessons: 'Utang dalam pelajaran',
    },
  },
};

const WIDTHS: Record<Column, number> = {
  student: 28,
  phone: 18,
  groups: 26,
  opening: 20,
  paid: 16,
  charged: 16,
  other: 20,
  balance: 20,
  lessons: 22,
};

/** "21.03.2026": the date as the app shows it. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * The debtors sheet: one row per debtor, deepest debt first, and a totals row. Amounts are
 * numbers in the currency's main unit so the sheet can sum them; each row adds up:
 * debt = balance before + paid − charged + refunds and corrections.
 */
export async function debtorsWorkbook(file: DebtorsExport, language: string | undefined): Promise<Buffer> {
  const words = WORDS[normalizeLanguage(language)];
  // The opening balance is the one at the end of the day before the period; the debt the one at its end.
  const days: Partial<Record<Column, string>> = { opening: file.openingDay, balance: file.period.end };
  const heading = (key: Column) =>
    words.columns[key].replace('{day}', shownDate(days[key] ?? '')).replace('{currency}', file.currency);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = (Object.keys(WIDTHS) as Column[]).map((key) => ({ header: heading(key), key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const digits = minorDigitsOf(file.currency);
  for (const key of MONEY_COLUMNS) sheet.getColumn(key).numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';

  const money = (minor: number) => fromMinorUnits(minor, file.currency);
  const prefix = countryRules(file.country).phonePrefix;
  const phone = (digits: string) => (digits ? `${prefix ? `${prefix} ` : ''}${formatPhone(digits, file.country)}` : '');
  const totals = { opening: 0, paid: 0, charged: 0, other: 0, balance: 0 };
  for (const row of file.rows) {
    for (const key of MONEY_COLUMNS) totals[key] += row[key];
    sheet.addRow({
      student: row.name,
      phone: phone(row.phone),
      groups: row.groups.map((g) => g.group.title).join(', '),
      ...Object.fromEntries(MONEY_COLUMNS.map((key) => [key, money(row[key])])),
      lessons: row.groups
        .filter((g) => g.debt > 0 && g.debt_lessons !== null)
        .map((g) => `${g.group.title}: ${g.debt_lessons}`)
        .join(', '),
    });
  }
  sheet.addRow({
    student: words.total,
    ...Object.fromEntries(MONEY_COLUMNS.map((key) => [key, money(totals[key])])),
  }).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
