import {
  type Expense,
  type ExpenseCategory,
  fromMinorUnits,
  type Language,
  minorDigitsOf,
  normalizeLanguage,
  type PaymentMethod,
} from '@crm/contracts';
import ExcelJS from 'exceljs';

type Column = 'date' | 'category' | 'amount' | 'method' | 'payee' | 'comment' | 'author';

interface Words {
  sheet: string;
  total: string;
  columns: Record<Column, string>;
  categories: Record<ExpenseCategory, string>;
  methods: Record<PaymentMethod, string>;
}

/** Brand names of the online providers read the same in every language. */
const PROVIDERS = { payme: 'Payme', click: 'Click', uzum: 'Uzum', midtrans: 'Midtrans' } as const;

/** The sheet's own words: an export is read outside the app, in the language asked for. */
const WORDS: Record<Language, Words> = {
  uz: {
    sheet: 'Xarajatlar',
    total: 'Jami',
    columns: {
      date: 'Sana',
      category: 'Turkum',
      amount: 'Summa',
      method: 'Toʻlov usuli',
      payee: 'Oluvchi',
      comment: 'Izoh',
      author: 'Kiritgan',
    },
    categories: {
      other: 'Boshqa',
      admin: 'Maʼmuriy',
      rent: 'Ijara',
      salary: 'Ish haqi',
      marketing: 'Marketing',
      office: 'Ofis',
      household: 'Xoʻjalik',
      equipment: 'Jihozlar',
      taxes: 'Soliqlar',
      invest: 'Investitsiya',
      refund: 'Qaytarilgan pul',
    },
    methods: { cash: 'Naqd', card: 'Karta', transfer: 'Oʻtkazma', bank_account: 'Hisob raqam', ...PROVIDERS },
  },
  ru: {
    sheet: 'Расходы',
    total: 'Итого',
    columns: {
      date: 'Дата',
      category: 'Категория',
      amount: 'Сумма',
      method: 'Способ оплаты',
      payee: 'Получатель',
      comment: 'Комментарий',
      author: 'Внёс',
    },
    categories: {
      other: 'Прочее',
      admin: 'Административные',
      rent: 'Аренда',
      salary: 'Зарплата',
      marketing: 'Маркетинг',
      office: 'Офис',
      household: 'Хозяйственные',
      equipment: 'Оборудование',
      taxes: 'Налоги',
      invest: 'Инвестиции',
      refund: 'Возвраты',
    },
    methods: { cash: 'Наличные', card: 'Карта', transfer: 'Перевод', bank_account: 'Расчётный счёт', ...PROVIDERS },
  },
  en: {
    sheet: 'Expenses',
    total: 'Total',
    columns: {
      date: 'Date',
      category: 'Category',
      amount: 'Amount',
      method: 'Method',
      payee: 'Payee',
      comment: 'Comment',
      author: 'Entered by',
    },
    categories: {
      other: 'Other',
      admin: 'Administrative',
      rent: 'Rent',
      salary: 'Salary',
      marketing: 'Marketing',
      office: 'Office',
      household: 'Household',
      equipment: 'Equipment',
      taxes: 'Taxes',
      invest: 'Investment',
      refund: 'Refunds',
    },
    methods: { cash: 'Cash', card: 'Card', transfer: 'Transfer', bank_account: 'Bank account', ...PROVIDERS },
  },
  id: {
    sheet: 'Pengeluaran',
    total: 'Total',
    columns: {
      date: 'Tanggal',
      category: 'Kategori',
      amount: 'Jumlah',
      method: 'Metode',
      payee: 'Penerima',
      comment: 'Komentar',
      author: 'Dicatat oleh',
    },
    categories: {
      other: 'Lainnya',
      admin: 'Administrasi',
      rent: 'Sewa',
      salary: 'Gaji',
      marketing: 'Pemasaran',
      office: 'Kantor',
      household: 'Rumah tangga',
      equipment: 'Peralatan',
      taxes: 'Pajak',
      invest: 'Investasi',
      refund: 'Pengembalian dana',
    },
    methods: { cash: 'Tunai', card: 'Kartu', transfer: 'Transfer', bank_account: 'Rekening bank', ...PROVIDERS },
  },
};

const WIDTHS: Record<Column, number> = {
  date: 12,
  category: 22,
  amount: 16,
  method: 16,
  payee: 26,
  comment: 40,
  author: 24,
};

/** "21.03.2026": the date as the app shows it. */
const shownDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/**
 * GET /expense/export: the filter's expenses, newest first, and a total row. Amounts
 * are numbers in the currency's main unit (450000 sum, 12500.50 tenge), so the sheet
 * can sum them; the heading names the currency.
 */
export async function expensesWorkbook(
  rows: readonly Expense[],
  currency: string,
  language: string | undefined,
): Promise<Buffer> {
  const words = WORDS[normalizeLanguage(language)];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(words.sheet);
  const headings = { ...words.columns, amount: `${words.columns.amount} (${currency})` };
  sheet.columns = (Object.keys(WIDTHS) as Column[]).map((key) => ({ header: headings[key], key, width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const digits = minorDigitsOf(currency);
  sheet.getColumn('amount').numFmt = digits ? `#,##0.${'0'.repeat(digits)}` : '#,##0';

  let total = 0;
  for (const row of rows) {
    total += row.amount;
    sheet.addRow({
      date: shownDate(row.date),
      category: row.type?.name ?? (row.category ? words.categories[row.category] : ''),
      amount: fromMinorUnits(row.amount, currency),
      method: words.methods[row.method],
      payee: row.payee_user?.name ?? row.payee ?? '',
      comment: row.comment ?? '',
      author: row.author?.name ?? '',
    });
  }
  sheet.addRow({ date: words.total, amount: fromMinorUnits(total, currency) }).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
