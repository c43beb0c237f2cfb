import {
  type HistoryItem,
  historyEventLabel,
  historySentence,
  type Language,
  normalizeLanguage,
  zonedDateTime,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { wordsByLanguage } from '../../platform/sheet-words.js';

type Column = 'time' | 'actor' | 'event' | 'sentence' | 'branch';

const WORDS = wordsByLanguage<Column | 'sheet' | 'system'>({
  // Excel keeps the sheet name "History" for itself.
  sheet: ['Tarix', 'История', 'Event log', 'Riwayat'],
  time: ['Vaqt', 'Время', 'Time', 'Waktu'],
  actor: ['Xodim', 'Сотрудник', 'Staff member', 'Staf'],
  event: ['Hodisa', 'Событие', 'Event', 'Peristiwa'],
  sentence: ['Nima boʻldi', 'Что произошло', 'What happened', 'Yang terjadi'],
  branch: ['Filial', 'Филиал', 'Branch', 'Cabang'],
  system: ['Tizim', 'Система', 'System', 'Sistem'],
});

const WIDTHS: Record<Column, number> = { time: 18, actor: 24, event: 26, sentence: 90, branch: 18 };

export interface HistoryBook {
  items: readonly HistoryItem[];
  timeZone: string;
  currency: string;
  branchNames: ReadonlyMap<number, string>;
}

/** "21.03.2026 14:05": the instant in the company's time zone, as the app shows times. */
function shownTime(iso: string, timeZone: string): string {
  const { date, time } = zonedDateTime(new Date(iso), timeZone);
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)} ${time}`;
}

/** The log as a sheet: one row an event, its sentence as text, in the language asked for. */
export async function historyWorkbook(book: HistoryBook, lang: string | undefined): Promise<Buffer> {
  const language: Language = normalizeLanguage(lang);
  const words = WORDS[language];
  const branchName = (id: number) => book.branchNames.get(id);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  sheet.columns = (Object.keys(WIDTHS) as Column[]).map((key) => ({ header: words[key], key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.getColumn('sentence').alignment = { wrapText: true, vertical: 'top' };
  for (const item of book.items) {
    sheet.addRow({
      time: shownTime(item.created_at, book.timeZone),
      actor: item.actor?.name ?? words.system,
      event: historyEventLabel(item.type, language),
      sentence: historySentence(item, { language, currency: book.currency, branchName }),
      branch: item.branch_id === null ? '' : (branchName(item.branch_id) ?? ''),
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
