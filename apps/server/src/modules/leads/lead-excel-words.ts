import type { Language, LeadColumn } from '@crm/contracts';
import { inEachLanguage, wordsByLanguage } from '../../platform/sheet-words.js';

/** The columns of the lead import file, in the sample's order (a file without a header follows it). */
export const LEAD_IMPORT_COLUMNS = ['name', 'phone', 'course', 'source', 'comment'] as const;
export type LeadImportColumn = (typeof LEAD_IMPORT_COLUMNS)[number];

export type LeadExportColumn =
  | LeadImportColumn
  | 'id'
  | 'column'
  | 'section'
  | 'admin'
  | 'tags'
  | 'created_at'
  | 'state';

export type LeadState = 'board' | 'archived' | 'student';

interface Words {
  sheet: string;
  sampleSheet: string;
  columns: Record<LeadExportColumn, string>;
  /** The standard names of the board's columns (a branch may retitle them). */
  boardColumns: Record<LeadColumn, string>;
  states: Record<LeadState, string>;
  /** The public form's own source (stored under one fixed name), as the board shows it. */
  websiteSource: string;
}

const SHEETS = wordsByLanguage({
  sheet: ['Lidlar', 'Лиды', 'Leads', 'Prospek'],
  sampleSheet: ['Lidlar', 'Лиды', 'Leads', 'Prospek'],
  websiteSource: ['Saytdagi forma', 'Форма на сайте', 'Website form', 'Formulir situs web'],
});

const COLUMNS = wordsByLanguage<LeadExportColumn>({
  id: ['ID', 'ID', 'ID', 'ID'],
  name: ['Ism', 'Имя', 'Name', 'Nama'],
  phone: ['Telefon', 'Телефон', 'Phone', 'Telepon'],
  course: ['Kurs', 'Курс', 'Course', 'Kursus'],
  source: ['Manba', 'Источник', 'Source', 'Sumber'],
  comment: ['Izoh', 'Комментарий', 'Comment', 'Komentar'],
  column: ['Ustun', 'Колонка', 'Column', 'Kolom'],
  section: ['Boʻlim', 'Раздел', 'Section', 'Bagian'],
  admin: ['Masʼul', 'Ответственный', 'Responsible', 'Penanggung jawab'],
  tags: ['Teglar', 'Теги', 'Tags', 'Tag'],
  created_at: ['Qoʻshilgan', 'Добавлен', 'Added', 'Ditambahkan'],
  state: ['Holat', 'Состояние', 'State', 'Status'],
});

const BOARD_COLUMNS = wordsByLanguage<LeadColumn>({
  incoming: ['Kiruvchi', 'Входящие', 'Incoming', 'Masuk'],
  waiting: ['Kutilmoqda', 'Ожидание', 'Waiting', 'Menunggu'],
  set: ['Belgilangan', 'Назначено', 'Set', 'Dijadwalkan'],
});

const STATES = wordsByLanguage<LeadState>({
  board: ['Doskada', 'На доске', 'On the board', 'Di papan'],
  archived: ['Arxivda', 'В архиве', 'Archived', 'Diarsipkan'],
  student: ['Oʻquvchi boʻldi', 'Стал студентом', 'Became a student', 'Menjadi siswa'],
});

/** The sheets' own words: a spreadsheet is read outside the app, in the language asked for. */
export const LEAD_EXCEL_WORDS: Record<Language, Words> = inEachLanguage((language) => ({
  ...SHEETS[language],
  columns: COLUMNS[language],
  boardColumns: BOARD_COLUMNS[language],
  states: STATES[language],
}));
