import {
  formatPhone,
  IMPORT_COLUMNS,
  type ImportColumn,
  type Language,
  normalizeLanguage,
  type UserListItem,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { headerWords, readSheetRows, type SheetRow, squash } from '../../platform/spreadsheet-read.js';

/**
 * Spreadsheets of people: the import sample, reading an uploaded .xls or .xlsx
 * (platform/spreadsheet-read.ts), and the export of a filtered list (exceljs,
 * ARCHITECTURE.md "spreadsheets").
 */

type ExportColumn = ImportColumn | 'id' | 'groups' | 'branches' | 'tags' | 'created_at';

const LABELS: Record<Language, Record<ExportColumn, string>> = {
  en: {
    id: 'ID',
    name: 'Full name',
    phone: 'Phone',
    birthday: 'Birthday',
    gender: 'Gender',
    parent_name: "Parent's name",
    parent_phone: "Parent's phone",
    extra_phone: 'Extra phone',
    comment: 'Comment',
    ext_id: 'External ID',
    groups: 'Groups',
    branches: 'Branches',
    tags: 'Tags',
    created_at: 'Added',
  },
  ru: {
    id: 'ID',
    name: 'ФИО',
    phone: 'Телефон',
    birthday: 'Дата рождения',
    gender: 'Пол',
    parent_name: 'Имя родителя',
    parent_phone: 'Телефон родителя',
    extra_phone: 'Доп. телефон',
    comment: 'Комментарий',
    ext_id: 'Внешний ID',
    groups: 'Группы',
    branches: 'Филиалы',
    tags: 'Теги',
    created_at: 'Добавлен',
  },
  uz: {
    id: 'ID',
    name: 'F.I.Sh.',
    phone: 'Telefon',
    birthday: 'Tugʻilgan sana',
    gender: 'Jinsi',
    parent_name: 'Ota-ona ismi',
    parent_phone: 'Ota-ona telefoni',
    extra_phone: 'Qoʻshimcha telefon',
    comment: 'Izoh',
    ext_id: 'Tashqi ID',
    groups: 'Guruhlar',
    branches: 'Filiallar',
    tags: 'Teglar',
    created_at: 'Qoʻshilgan',
  },
  id: {
    id: 'ID',
    name: 'Nama lengkap',
    phone: 'Telepon',
    birthday: 'Tanggal lahir',
    gender: 'Jenis kelamin',
    parent_name: 'Nama orang tua',
    parent_phone: 'Telepon orang tua',
    extra_phone: 'Telepon tambahan',
    comment: 'Komentar',
    ext_id: 'ID eksternal',
    groups: 'Grup',
    branches: 'Cabang',
    tags: 'Tag',
    created_at: 'Ditambahkan',
  },
};

const GENDER_WORDS: Record<Language, { m: string; f: string }> = {
  en: { m: 'male', f: 'female' },
  ru: { m: 'мужской', f: 'женский' },
  uz: { m: 'erkak', f: 'ayol' },
  id: { m: 'laki-laki', f: 'perempuan' },
};

/** Header words in any of the four languages, plus a few that people write by hand. */
const HEADER_WORDS = headerWords(IMPORT_COLUMNS, Object.values(LABELS), [
  ['name', 'name'],
  ['fio', 'name'],
  ['ism', 'name'],
  ['имя', 'name'],
  ['nama', 'name'],
  ['phonenumber', 'phone'],
  ['telefonraqami', 'phone'],
  ['номертелефона', 'phone'],
  ['dateofbirth', 'birthday'],
  ['датарождения', 'birthday'],
  ['sex', 'gender'],
  ['jins', 'gender'],
]);

const GENDER_VALUES = new Map<string, 'm' | 'f'>();
for (const [word, gender] of [
  ['m', 'm'],
  ['male', 'm'],
  ['man', 'm'],
  ['erkak', 'm'],
  ['м', 'm'],
  ['муж', 'm'],
  ['мужской', 'm'],
  ['l', 'm'],
  ['lakilaki', 'm'],
  ['pria', 'm'],
  ['f', 'f'],
  ['female', 'f'],
  ['woman', 'f'],
  ['ayol', 'f'],
  ['ж', 'f'],
  ['жен', 'f'],
  ['женский', 'f'],
  ['p', 'f'],
  ['perempuan', 'f'],
  ['wanita', 'f'],
] as const) {
  GENDER_VALUES.set(word, gender);
}

/** One data row of the file, as text, with the number the spreadsheet shows it under. */
export interface ImportRow extends SheetRow<ImportColumn> {
  /** A birthday cell that held an Excel date (a serial number). */
  birthdaySerial?: number;
}

/**
 * Reads the first sheet of an .xls or .xlsx file. The first row is a header when
 * it names known columns (any language); otherwise columns follow the sample's order.
 */
export const parseImportFile = (buffer: Buffer): Promise<ImportRow[]> =>
  readSheetRows<ImportColumn, ImportRow>(buffer, {
    header: HEADER_WORDS,
    sampleOrder: IMPORT_COLUMNS,
    onCell: (row, column, cell) => {
      if (column === 'birthday' && typeof cell === 'number') row.birthdaySerial = cell;
    },
  });

const DAY_MS = 86_400_000;
/** Excel's day 0 (with its 1900 leap-year quirk, right for every date after February 1900). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** A birthday as YYYY-MM-DD: an Excel date, or text as 2010-05-31, 31.05.2010 or 31/05/2010. */
export function parseBirthday(text: string, serial?: number): string | null {
  let year: number;
  let month: number;
  let day: number;
  if (serial !== undefined) {
    const date = new Date(EXCEL_EPOCH + Math.floor(serial) * DAY_MS);
    [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  } else {
    const iso = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})/);
    const local = text.match(/^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/);
    if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (local) [year, month, day] = [Number(local[3]), Number(local[2]), Number(local[1])];
    else return null;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= 1900 &&
    date.getTime() <= Date.now();
  return valid ? date.toISOString().slice(0, 10) : null;
}

/** 'm', 'f', null for empty, undefined for a word we do not know. */
export function parseGender(text: string | undefined): 'm' | 'f' | null | undefined {
  if (!text) return null;
  return GENDER_VALUES.get(squash(text));
}

const headerStyle = (sheet: ExcelJS.Worksheet) => {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF1E0' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

const asBuffer = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

/** The sample file of spec §2 "Excel import with sample file": the columns and two example rows. */
export async function buildSample(language: string | null | undefined, country: string): Promise<Buffer> {
  const lang = normalizeLanguage(language);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.columns = IMPORT_COLUMNS.map((key) => ({ header: LABELS[lang][key], key, width: key === 'name' ? 28 : 18 }));
  const words = GENDER_WORDS[lang];
  const example = country === 'kz' ? ['7011234567', '7017654321'] : ['901234567', '907654321'];
  sheet.addRow({
    name: 'Aliyev Vali',
    phone: example[0],
    birthday: new Date(Date.UTC(2012, 4, 17)),
    gender: words.m,
    parent_name: 'Aliyeva Nodira',
    parent_phone: example[1],
  });
  sheet.addRow({ name: 'Karimova Madina', phone: example[1], gender: words.f, comment: '' });
  sheet.getColumn('birthday').numFmt = 'dd.mm.yyyy';
  // Phones as text, so Excel keeps leading zeros and shows no exponent.
  for (const key of ['phone', 'parent_phone', 'extra_phone']) sheet.getColumn(key).numFmt = '@';
  headerStyle(sheet);
  return asBuffer(workbook);
}

/**
 * The filtered list as a spreadsheet (same filters as GET /user). `onRows` hears of the rows written so far
 * after each row (a background export's progress, modules/jobs/export-jobs.ts).
 */
export async function buildExport(
  people: UserListItem[],
  language: string | null | undefined,
  country: string,
  onRows?: (written: number) => Promise<void>,
): Promise<Buffer> {
  const lang = normalizeLanguage(language);
  const labels = LABELS[lang];
  const keys: ExportColumn[] = [
    'id',
    'name',
    'phone',
    'birthday',
    'gender',
    'groups',
    'branches',
    'tags',
    'parent_name',
    'parent_phone',
    'comment',
    'ext_id',
    'created_at',
  ];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('List');
  sheet.columns = keys.map((key) => ({
    header: labels[key],
    key,
    width: key === 'name' || key === 'groups' ? 28 : 16,
  }));
  const words = GENDER_WORDS[lang];
  for (const person of people) {
    sheet.addRow({
      id: person.id,
      name: person.name,
      phone: formatPhone(person.phone, country),
      birthday: person.birthday ? new Date(`${person.birthday}T00:00:00Z`) : null,
      gender: person.gender ? words[person.gender] : null,
      groups: person.groups.map((g) => g.name).join(', '),
      branches: person.branches.map((b) => b.name).join(', '),
      tags: person.tags.map((t) => t.name).join(', '),
      parent_name: person.parent_name,
      parent_phone: person.parent_phone ? formatPhone(person.parent_phone, country) : null,
      comment: person.comment,
      ext_id: person.ext_id,
      created_at: new Date(person.created_at),
    });
    if (onRows) await onRows(sheet.rowCount - 1);
  }
  sheet.getColumn('birthday').numFmt = 'dd.mm.yyyy';
  sheet.getColumn('created_at').numFmt = 'dd.mm.yyyy hh:mm';
  headerStyle(sheet);
  return asBuffer(workbook);
}
