import { IMPORT_MAX_ROWS } from '@crm/contracts';
import { AppError } from './errors.js';
import { assertInflatedSizeWithinLimits, parseSheetInWorker } from './spreadsheet-parse.js';

/**
 * Reading an uploaded .xls or .xlsx list (the students import, the leads import; docs/decisions/0007):
 * SheetJS from the patched @e965/xlsx build (never the frozen `xlsx` package) in a worker thread
 * (spreadsheet-parse.ts), the first sheet, a header
 * row recognised in any of the four languages, else the sample's column order.
 */

/** One data row, as text, with the number the spreadsheet shows it under. */
export interface SheetRow<Column extends string> {
  row: number;
  values: Partial<Record<Column, string>>;
}

/** Letters and digits only, lower case: "Parent's phone" and "parent_phone" read alike. */
export const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The header words of a file's columns: each column's own key, its label in every language, and the words
 * people write by hand.
 */
export function headerWords<Column extends string>(
  columns: readonly Column[],
  labelSets: readonly Readonly<Record<Column, string>>[],
  handWritten: readonly (readonly [string, Column])[],
): Map<string, Column> {
  const words = new Map<string, Column>();
  for (const column of columns) {
    words.set(squash(column), column);
    for (const labels of labelSets) words.set(squash(labels[column]), column);
  }
  for (const [word, column] of handWritten) words.set(squash(word), column);
  return words;
}

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const XLS_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (buffer: Buffer, magic: number[]) => magic.every((byte, i) => buffer[i] === byte);

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  // Phones typed as numbers arrive as 998901234567; never in exponent notation.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
};

/** The checks made before parsing: an xls or an xlsx, whose zip does not say it inflates past the limits. */
export function assertSpreadsheetBytes(buffer: Buffer): void {
  // SheetJS would also "read" text or HTML as a sheet; spec §5 allows xls or xlsx only.
  if (startsWith(buffer, XLSX_MAGIC)) assertInflatedSizeWithinLimits(buffer);
  else if (!startsWith(buffer, XLS_MAGIC)) throw new AppError(400, 'import_file_invalid');
}

async function readMatrix(buffer: Buffer): Promise<unknown[][]> {
  assertSpreadsheetBytes(buffer);
  return parseSheetInWorker(buffer);
}

export interface SheetLayout<Column extends string, Row extends SheetRow<Column>> {
  /** headerWords() of the file's columns. */
  header: ReadonlyMap<string, Column>;
  /** The sample's column order, for a file without a header row. */
  sampleOrder: readonly Column[];
  /** Sees each cell as the spreadsheet holds it (a birthday kept as an Excel date number). */
  onCell?: (row: Row, column: Column, cell: unknown) => void;
}

/**
 * The first sheet's data rows. The first row is a header when it names the name or the phone column;
 * empty rows are skipped but keep the numbering the spreadsheet shows. More than IMPORT_MAX_ROWS is refused.
 */
export async function readSheetRows<Column extends string, Row extends SheetRow<Column> = SheetRow<Column>>(
  buffer: Buffer,
  { header: words, sampleOrder, onCell }: SheetLayout<Column, Row>,
): Promise<Row[]> {
  const matrix = await readMatrix(buffer);
  const header = (matrix[0] ?? []).map((cell) => words.get(squash(cellText(cell))));
  const hasHeader = header.includes('name' as Column) || header.includes('phone' as Column);
  const columns: (Column | undefined)[] = hasHeader ? header : [...sampleOrder];
  const rows: Row[] = [];
  for (let index = hasHeader ? 1 : 0; index < matrix.length; index++) {
    const cells = matrix[index] ?? [];
    if (cells.every((cell) => cellText(cell) === '')) continue;
    const row = { row: index + 1, values: {} } as Row;
    columns.forEach((column, i) => {
      if (!column || row.values[column]) return;
      const cell = cells[i];
      onCell?.(row, column, cell);
      const value = cellText(cell);
      if (value) row.values[column] = value;
    });
    rows.push(row);
    if (rows.length > IMPORT_MAX_ROWS) throw new AppError(400, 'import_too_many_rows', { max: IMPORT_MAX_ROWS });
  }
  return rows;
}
