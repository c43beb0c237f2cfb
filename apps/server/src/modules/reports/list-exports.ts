import {
  type ClientRow,
  type ClientStatus,
  type DiscountMonth,
  type DiscountRow,
  type DiscountState,
  fromMinorUnits,
  isWebsiteLeadSource,
  minorDigitsOf,
  normalizeLanguage,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { wordsByLanguage } from '../../platform/sheet-words.js';

type Cell = string | number;

type ClientColumn = 'student' | 'phone' | 'balance' | 'status' | 'groups' | 'source' | 'paidOn' | 'paid' | 'registered';
type DiscountColumn =
  | 'student'
  | 'phone'
  | 'group'
  | 'course'
  | 'regular'
  | 'price'
  | 'discount'
  | 'reason'
  | 'start'
  | 'end'
  | 'setBy'
  | 'state';
type MonthColumn = 'month' | 'forgone' | 'students';

const SHEETS = wordsByLanguage({
  clients: ['Mijozlar', 'Клиенты', 'Clients', 'Klien'],
  discounts: ['Chegirmalar', 'Скидки', 'Discounts', 'Diskon'],
  months: ['Oylar boʻyicha', 'По месяцам', 'By month', 'Per bulan'],
  total: ['Jami', 'Итого', 'Total', 'Total'],
  // The public form's source reads in the sheet's language, as the leads export writes it.
  websiteSource: ['Saytdagi forma', 'Форма на сайте', 'Website form', 'Formulir situs web'],
});

const CLIENT_COLUMNS = wordsByLanguage<ClientColumn>({
  student: ['Oʻquvchi', 'Студент', 'Student', 'Siswa'],
  phone: ['Telefon', 'Телефон', 'Phone', 'Telepon'],
  balance: ['Balans', 'Баланс', 'Balance', 'Saldo'],
  status: ['Holat', 'Статус', 'Status', 'Status'],
  groups: ['Guruhlar', 'Группы', 'Groups', 'Grup'],
  source: ['Manba', 'Источник', 'Source', 'Sumber'],
  paidOn: ['Oxirgi toʻlov sanasi', 'Дата последней оплаты', 'Last payment date', 'Tanggal pembayaran terakhir'],
  paid: ['Oxirgi toʻlov', 'Последняя оплата', 'Last payment', 'Pembayaran terakhir'],
  registered: ['Roʻyxatdan oʻtgan', 'Зарегистрирован', 'Registered', 'Terdaftar'],
});

const CLIENT_STATUS = wordsByLanguage<ClientStatus>({
  active: ['Faol', 'Активный', 'Active', 'Aktif'],
  frozen: ['Muzlatilgan', 'Заморожен', 'Frozen', 'Dibekukan'],
  trial: ['Sinov darsida', 'На пробном', 'On trial', 'Uji coba'],
  left: ['Ketgan', 'Ушёл', 'Left', 'Keluar'],
  no_group: ['Guruhsiz', 'Без группы', 'No group', 'Tanpa grup'],
  archived: ['Arxivda', 'В архиве', 'Archived', 'Diarsipkan'],
});

const DISCOUNT_COLUMNS = wordsByLanguage<DiscountColumn>({
  student: ['Oʻquvchi', 'Студент', 'Student', 'Siswa'],
  phone: ['Telefon', 'Телефон', 'Phone', 'Telepon'],
  group: ['Guruh', 'Группа', 'Group', 'Grup'],
  course: ['Kurs', 'Курс', 'Course', 'Kursus'],
  regular: ['Kurs narxi', 'Цена курса', 'Course price', 'Harga kursus'],
  price: ['Individual narx', 'Индивидуальная цена', 'Individual price', 'Harga individu'],
  discount: ['Chegirma', 'Скидка', 'Discount', 'Diskon'],
  reason: ['Sabab', 'Причина', 'Reason', 'Alasan'],
  start: ['Boshlanishi', 'Начало', 'From', 'Mulai'],
  end: ['Tugashi', 'Конец', 'Until', 'Sampai'],
  setBy: ['Kim belgilagan', 'Кто установил', 'Set by', 'Ditetapkan oleh'],
  state: ['Holat', 'Статус', 'State', 'Status'],
});

const DISCOUNT_STATE = wordsByLanguage<DiscountState>({
  active: ['Amalda', 'Действует', 'In force', 'Berlaku'],
  upcoming: ['Boshlanmagan', 'Ещё не началась', 'Upcoming', 'Akan datang'],
  ended: ['Muddati tugagan', 'Срок истёк', 'Ended', 'Berakhir'],
  replaced: ['Almashtirilgan', 'Заменена', 'Replaced', 'Diganti'],
  removed: ['Olib tashlangan', 'Отменена', 'Removed', 'Dihapus'],
});

const MONTH_COLUMNS = wordsByLanguage<MonthColumn>({
  month: ['Oy', 'Месяц', 'Month', 'Bulan'],
  forgone: ['Olinmagan daromad', 'Недополученный доход', 'Income forgone', 'Pendapatan yang hilang'],
  students: ['Oʻquvchilar', 'Студенты', 'Students', 'Siswa'],
});

interface Column<R, C extends string> {
  key: C;
  width: number;
  /** Minor units: written in the currency's main unit with its digits, so the sheet can sum them. */
  money?: boolean;
  value: (row: R) => Cell;
}

/** A sheet with bold frozen headings (money columns name the currency), the rows and a bold total line. */
function addTable<R, C extends string>(
  workbook: ExcelJS.Workbook,
  table: {
    sheet: string;
    headings: Record<C, string>;
    currency: string;
    columns: Column<R, C>[];
    rows: readonly R[];
    total?: { label: string; cells: Partial<Record<C, number>> };
  },
) {
  const sheet = workbook.addWorksheet(table.sheet);
  const digits = minorDigitsOf(table.currency);
  sheet.columns = table.columns.map((c) => ({
    header: c.money ? `${table.headings[c.key]} (${table.currency})` : table.headings[c.key],
    key: c.key,
    width: c.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const column of table.columns.filter((c) => c.money)) {
    sheet.getColumn(column.key).numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  }
  const cellOf = (column: Column<R, C>, value: Cell) =>
    column.money && typeof value === 'number' ? fromMinorUnits(value, table.currency) : value;
  for (const row of table.rows) {
    sheet.addRow(Object.fromEntries(table.columns.map((c) => [c.key, cellOf(c, c.value(row))])));
  }
  if (table.total) {
    const cells: Record<string, Cell> = {};
    for (const column of table.columns) {
      const value = table.total.cells[column.key];
      if (value !== undefined) cells[column.key] = cellOf(column, value);
    }
    const [first] = table.columns;
    if (first) cells[first.key] = table.total.label;
    sheet.addRow(cells).font = { bold: true };
  }
}

/** "21.03.2026": the date as the app shows it. */
const shownDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

const toBuffer = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

/** GET /reports/clients/export: every client of the filter and the total balance. */
export async function clientsWorkbook(rows: readonly ClientRow[], currency: string, lang: string | undefined) {
  const language = normalizeLanguage(lang);
  const workbook = new ExcelJS.Workbook();
  addTable<ClientRow, ClientColumn>(workbook, {
    sheet: SHEETS[language].clients,
    headings: CLIENT_COLUMNS[language],
    currency,
    rows,
    columns: [
      { key: 'student', width: 28, value: (r) => r.student.name },
      { key: 'phone', width: 16, value: (r) => r.student.phone },
      { key: 'balance', width: 16, money: true, value: (r) => r.balance },
      { key: 'status', width: 14, value: (r) => CLIENT_STATUS[language][r.status] },
      { key: 'groups', width: 30, value: (r) => r.groups.map((g) => g.title).join(', ') },
      {
        key: 'source',
        width: 16,
        value: (r) =>
          r.source && isWebsiteLeadSource(r.source.name) ? SHEETS[language].websiteSource : (r.source?.name ?? ''),
      },
      { key: 'paidOn', width: 14, value: (r) => shownDate(r.last_payment?.date ?? null) },
      { key: 'paid', width: 16, money: true, value: (r) => r.last_payment?.amount ?? '' },
      { key: 'registered', width: 14, value: (r) => shownDate(r.registered) },
    ],
    total: { label: SHEETS[language].total, cells: { balance: rows.reduce((sum, r) => sum + r.balance, 0) } },
  });
  return toBuffer(workbook);
}

/** GET /reports/discounts/export: the prices of the filter, and the income forgone by month on a second sheet. */
export async function discountsWorkbook(
  rows: readonly DiscountRow[],
  months: readonly DiscountMonth[],
  currency: string,
  lang: string | undefined,
) {
  const language = normalizeLanguage(lang);
  const workbook = new ExcelJS.Workbook();
  addTable<DiscountRow, DiscountColumn>(workbook, {
    sheet: SHEETS[language].discounts,
    headings: DISCOUNT_COLUMNS[language],
    currency,
    rows,
    columns: [
      { key: 'student', width: 28, value: (r) => r.student.name },
      { key: 'phone', width: 16, value: (r) => r.student.phone },
      { key: 'group', width: 20, value: (r) => r.group.title },
      { key: 'course', width: 20, value: (r) => r.course.name },
      { key: 'regular', width: 16, money: true, value: (r) => r.regular_price },
      { key: 'price', width: 16, money: true, value: (r) => r.price },
      { key: 'discount', width: 16, money: true, value: (r) => r.discount },
      { key: 'reason', width: 28, value: (r) => r.reason ?? '' },
      { key: 'start', width: 12, value: (r) => shownDate(r.start_date) },
      { key: 'end', width: 12, value: (r) => shownDate(r.end_date) },
      { key: 'setBy', width: 22, value: (r) => r.set_by?.name ?? '' },
      { key: 'state', width: 16, value: (r) => DISCOUNT_STATE[language][r.state] },
    ],
  });
  addTable<DiscountMonth, MonthColumn>(workbook, {
    sheet: SHEETS[language].months,
    headings: MONTH_COLUMNS[language],
    currency,
    rows: months,
    columns: [
      { key: 'month', width: 12, value: (m) => m.month },
      { key: 'forgone', width: 20, money: true, value: (m) => m.forgone },
      { key: 'students', width: 12, value: (m) => m.students },
    ],
    total: { label: SHEETS[language].total, cells: { forgone: months.reduce((sum, m) => sum + m.forgone, 0) } },
  });
  return toBuffer(workbook);
}
