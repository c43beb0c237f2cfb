import type { Language } from '@crm/contracts';
import { headerWords, readSheetRows, type SheetRow } from '../../platform/spreadsheet-read.js';
import { LEAD_EXCEL_WORDS, LEAD_IMPORT_COLUMNS, type LeadImportColumn } from './lead-excel-words.js';

/** One data row, as text, with the number the spreadsheet shows it under. */
export type LeadImportRow = SheetRow<LeadImportColumn>;

const HEADER_WORDS = headerWords(
  LEAD_IMPORT_COLUMNS,
  (Object.keys(LEAD_EXCEL_WORDS) as Language[]).map((language) => LEAD_EXCEL_WORDS[language].columns),
  // Words people write by hand (and the students sample's, so its file reads too).
  [
    ['fullname', 'name'],
    ['fio', 'name'],
    ['ФИО', 'name'],
    ['F.I.Sh.', 'name'],
    ['ism familiya', 'name'],
    ['nama lengkap', 'name'],
    ['phone number', 'phone'],
    ['telefon raqami', 'phone'],
    ['номер телефона', 'phone'],
    ['nomor telepon', 'phone'],
    ['kurs nomi', 'course'],
    ['izohlar', 'comment'],
  ],
);

/**
 * An uploaded lead list (.xls or .xlsx) read the way the students import reads its file
 * (platform/spreadsheet-read.ts): a header in any of the four languages, else the sample's column order.
 */
export const parseLeadFile = (buffer: Buffer): Promise<LeadImportRow[]> =>
  readSheetRows(buffer, { header: HEADER_WORDS, sampleOrder: LEAD_IMPORT_COLUMNS });
