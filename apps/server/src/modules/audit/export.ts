import {
  type AuditFigures,
  type AuditReport,
  fromMinorUnits,
  type Language,
  minorDigitsOf,
  normalizeLanguage,
  type PaymentMethod,
} from '@crm/contracts';
import ExcelJS from 'exceljs';
import { inEachLanguage, wordsByLanguage } from '../../platform/sheet-words.js';

type Column =
  | 'day'
  | 'staff'
  | 'payments'
  | 'paid'
  | 'refunds'
  | 'refunded'
  | 'write_offs'
  | 'written_off'
  | 'cash'
  | 'students_added'
  | 'students_activated'
  | 'students_archived'
  | 'attendance_marked'
  | 'leads_handled';

const COLUMNS = wordsByLanguage<Column>({
  day: ['Sana', 'Дата', 'Day', 'Tanggal'],
  staff: ['Xodim', 'Сотрудник', 'Staff member', 'Staf'],
  payments: ['Toʻlovlar soni', 'Платежей', 'Payments', 'Jumlah pembayaran'],
  paid: ['Qabul qilingan', 'Принято', 'Taken', 'Diterima'],
  refunds: ['Qaytarishlar soni', 'Возвратов', 'Refunds', 'Jumlah pengembalian'],
  refunded: ['Qaytarilgan', 'Возвращено', 'Refunded', 'Dikembalikan'],
  write_offs: ['Hisobdan chiqarishlar soni', 'Списаний', 'Write-offs', 'Jumlah penghapusan'],
  written_off: ['Hisobdan chiqarilgan', 'Списано', 'Written off', 'Dihapus'],
  cash: ['Kassadagi naqd', 'Наличные в кассе', 'Cash in hand', 'Kas tunai'],
  students_added: ['Qoʻshilgan oʻquvchilar', 'Добавлено студентов', 'Students added', 'Siswa ditambahkan'],
  students_activated: ['Faollashtirilgan', 'Активировано', 'Activated', 'Diaktifkan'],
  students_archived: ['Arxivlangan', 'В архив', 'Archived', 'Diarsipkan'],
  attendance_marked: ['Davomat belgilari', 'Отметок посещаемости', 'Attendance marks', 'Tanda kehadiran'],
  leads_handled: ['Ishlangan lidlar', 'Обработано лидов', 'Leads handled', 'Prospek ditangani'],
});

const METHODS = wordsByLanguage<PaymentMethod>({
  cash: ['Naqd', 'Наличные', 'Cash', 'Tunai'],
  card: ['Karta', 'Карта', 'Card', 'Kartu'],
  transfer: ['Oʻtkazma', 'Перевод', 'Transfer', 'Transfer'],
  bank_account: ['Hisob raqam', 'Расчётный счёт', 'Bank account', 'Rekening bank'],
  payme: ['Payme', 'Payme', 'Payme', 'Payme'],
  click: ['Click', 'Click', 'Click', 'Click'],
  uzum: ['Uzum', 'Uzum', 'Uzum', 'Uzum'],
  midtrans: ['Midtrans', 'Midtrans', 'Midtrans', 'Midtrans'],
});

const SHEET = wordsByLanguage({
  sheet: ['Audit jadvali', 'Аудит', 'Audit', 'Audit'],
  total: ['Jami', 'Итого', 'Total', 'Total'],
});

const WORDS = inEachLanguage((language: Language) => ({
  columns: COLUMNS[language],
  methods: METHODS[language],
  ...SHEET[language],
}));

interface SheetColumn {
  header: string;
  key: string;
  width: number;
  money?: boolean;
  value: (figures: AuditFigures) => number;
}

/** The figure columns, money ones only for a caller who sees money (the answer's `money` is then null). */
function figureColumns(report: AuditReport, words: (typeof WORDS)[Language], currency: string): SheetColumn[] {
  const moneyColumn = (key: string, header: string, value: SheetColumn['value']): SheetColumn => ({
    header: `${header} (${currency})`,
    key,
    width: 16,
    money: true,
    value,
  });
  const count = (key: Column, value: SheetColumn['value']): SheetColumn => ({
    header: words.columns[key],
    key,
    width: 14,
    value,
  });
  const money = report.policies.money
    ? [
        count('payments', (f) => f.money?.payments ?? 0),
        ...report.methods.map((method) =>
          moneyColumn(`method_${method}`, words.methods[method], (f) => f.money?.by_method[method] ?? 0),
        ),
        moneyColumn('paid', words.columns.paid, (f) => f.money?.paid ?? 0),
        count('refunds', (f) => f.money?.refunds ?? 0),
        moneyColumn('refunded', words.columns.refunded, (f) => f.money?.refunded ?? 0),
        count('write_offs', (f) => f.money?.write_offs ?? 0),
        moneyColumn('written_off', words.columns.written_off, (f) => f.money?.written_off ?? 0),
        moneyColumn('cash', words.columns.cash, (f) => f.money?.cash ?? 0),
      ]
    : [];
  return [
    ...money,
    count('students_added', (f) => f.students_added),
    count('students_activated', (f) => f.students_activated),
    count('students_archived', (f) => f.students_archived),
    count('attendance_marked', (f) => f.attendance_marked),
    count('leads_handled', (f) => f.leads_handled),
  ];
}

/** "21.03.2026": the day as the app shows it. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** GET /audit/export: the table as the page shows it — a bold frozen heading, the rows, a bold total row. */
export async function auditWorkbook(report: AuditReport, currency: string, language: string | undefined) {
  const words = WORDS[normalizeLanguage(language)];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  const figures = figureColumns(report, words, currency);
  sheet.columns = [
    { header: words.columns.day, key: 'day', width: 12 },
    { header: words.columns.staff, key: 'staff', width: 28 },
    ...figures.map(({ header, key, width }) => ({ header, key, width })),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1, xSplit: 2 }];
  const digits = minorDigitsOf(currency);
  for (const column of figures.filter((c) => c.money))
    sheet.getColumn(column.key).numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  const cells = (f: AuditFigures) =>
    Object.fromEntries(figures.map((c) => [c.key, c.money ? fromMinorUnits(c.value(f), currency) : c.value(f)]));
  for (const row of report.rows) sheet.addRow({ day: shownDate(row.day), staff: row.staff.name, ...cells(row) });
  sheet.addRow({ day: words.total, ...cells(report.total) }).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
