import { formatPhone, isWebsiteLeadSource, type LeadColumn, normalizeLanguage, phoneDigitCount } from '@crm/contracts';
import ExcelJS from 'exceljs';
import type { LeadExportData } from './lead-excel-export.js';
import {
  LEAD_EXCEL_WORDS,
  LEAD_IMPORT_COLUMNS,
  type LeadExportColumn,
  type LeadImportColumn,
  type LeadState,
} from './lead-excel-words.js';

/** Written with exceljs (docs/decisions/0007), headed in the asked language. */

const EXPORT_COLUMNS: LeadExportColumn[] = [
  'id',
  'name',
  'phone',
  'column',
  'section',
  'source',
  'course',
  'admin',
  'tags',
  'comment',
  'created_at',
  'state',
];
const WIDE: LeadExportColumn[] = ['name', 'comment', 'tags'];

const headerStyle = (sheet: ExcelJS.Worksheet) => {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF1E0' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
};

const asBuffer = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

const stateOf = (lead: { student_id: number | null; archived_at: string | null }): LeadState =>
  lead.student_id !== null ? 'student' : lead.archived_at !== null ? 'archived' : 'board';

/**
 * GET /leadExport: one row per lead, phones with the country's mask, the branch's own column titles. `onRows`
 * hears of the rows written so far after each row (a background export's progress).
 */
export async function leadsWorkbook(
  data: LeadExportData,
  language: string,
  country: string,
  onRows?: (written: number) => Promise<void>,
): Promise<Buffer> {
  const words = LEAD_EXCEL_WORDS[normalizeLanguage(language)];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = EXPORT_COLUMNS.map((key) => ({
    header: words.columns[key],
    key,
    width: WIDE.includes(key) ? 30 : key === 'id' ? 8 : 18,
  }));
  const columnTitle = (column: LeadColumn) => data.columnTitles.get(column) || words.boardColumns[column];
  for (const lead of data.leads) {
    const state = stateOf(lead);
    sheet.addRow({
      id: lead.id,
      name: lead.name,
      phone: formatPhone(lead.phone, country),
      column: columnTitle(lead.column),
      section: lead.section_id === null ? '' : (data.sections.get(lead.section_id) ?? ''),
      source: lead.source === null ? '' : isWebsiteLeadSource(lead.source) ? words.websiteSource : lead.source,
      course: lead.course ?? '',
      admin: lead.admin?.name ?? '',
      tags: lead.tags.map((tag) => tag.name).join(', '),
      comment: lead.comment ?? '',
      created_at: new Date(lead.created_at),
      state:
        state === 'archived' && lead.archive_reason
          ? `${words.states.archived}: ${lead.archive_reason.title}`
          : words.states[state],
    });
    if (onRows) await onRows(sheet.rowCount - 1);
  }
  sheet.getColumn('created_at').numFmt = 'dd.mm.yyyy hh:mm';
  headerStyle(sheet);
  return asBuffer(workbook);
}

/** GET /leads/import/sample: the import's columns and two example rows. */
export async function leadSampleWorkbook(language: string, country: string): Promise<Buffer> {
  const words = LEAD_EXCEL_WORDS[normalizeLanguage(language)];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sampleSheet);
  sheet.columns = LEAD_IMPORT_COLUMNS.map((key) => ({
    header: words.columns[key],
    key,
    width: key === 'name' || key === 'comment' ? 30 : 18,
  }));
  // Example phones of the country's length, so the sample imports as it is.
  const phones = ['901234567890', '907654321098'].map((phone) => phone.slice(0, phoneDigitCount(country)));
  const examples: Record<LeadImportColumn, string>[] = [
    { name: 'Aliyev Vali', phone: phones[0] ?? '', course: 'English', source: 'Instagram', comment: '' },
    { name: 'Karimova Madina', phone: phones[1] ?? '', course: '', source: '', comment: 'Call after 18:00' },
  ];
  for (const example of examples) sheet.addRow(example);
  // Phones as text, so Excel keeps leading zeros and shows no exponent.
  sheet.getColumn('phone').numFmt = '@';
  headerStyle(sheet);
  return asBuffer(workbook);
}
