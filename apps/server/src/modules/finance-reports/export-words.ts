import { type Language, normalizeLanguage, type PaymentMethod } from '@crm/contracts';
import { inEachLanguage, wordsByLanguage } from '../../platform/sheet-words.js';

export type ExportColumn =
  | 'date'
  | 'student'
  | 'group'
  | 'course'
  | 'teacher'
  | 'method'
  | 'amount'
  | 'comment'
  | 'cashier'
  | 'groups'
  | 'students'
  | 'paid'
  | 'charged'
  | 'balance';

interface Words {
  sheets: { payments: string; groups: string; courses: string };
  total: string;
  columns: Record<ExportColumn, string>;
  methods: Record<PaymentMethod, string>;
}

/** Brand names of the online providers read the same in every language. */
const PROVIDERS = { payme: 'Payme', click: 'Click', uzum: 'Uzum', midtrans: 'Midtrans' } as const;

const SHEETS = wordsByLanguage({
  payments: ['Toʻlovlar', 'Платежи', 'Payments', 'Pembayaran'],
  groups: ['Guruhlar boʻyicha', 'По группам', 'By group', 'Per kelompok'],
  courses: ['Kurslar boʻyicha', 'По курсам', 'By course', 'Per kursus'],
  total: ['Jami', 'Итого', 'Total', 'Total'],
});

const COLUMNS = wordsByLanguage<ExportColumn>({
  date: ['Sana', 'Дата', 'Date', 'Tanggal'],
  student: ['Oʻquvchi', 'Студент', 'Student', 'Siswa'],
  group: ['Guruh', 'Группа', 'Group', 'Kelompok'],
  course: ['Kurs', 'Курс', 'Course', 'Kursus'],
  teacher: ['Oʻqituvchi', 'Преподаватель', 'Teacher', 'Guru'],
  method: ['Toʻlov usuli', 'Способ оплаты', 'Method', 'Metode'],
  amount: ['Summa', 'Сумма', 'Amount', 'Jumlah'],
  comment: ['Izoh', 'Комментарий', 'Comment', 'Komentar'],
  cashier: ['Kassir', 'Кассир', 'Cashier', 'Kasir'],
  groups: ['Guruhlar', 'Группы', 'Groups', 'Kelompok'],
  students: ['Oʻquvchilar', 'Студенты', 'Students', 'Siswa'],
  paid: ['Toʻlangan', 'Оплачено', 'Paid', 'Dibayar'],
  charged: ['Yechilgan', 'Списано', 'Charged', 'Ditagih'],
  balance: ['Balans', 'Баланс', 'Balance', 'Saldo'],
});

const METHODS = wordsByLanguage({
  cash: ['Naqd', 'Наличные', 'Cash', 'Tunai'],
  card: ['Karta', 'Карта', 'Card', 'Kartu'],
  transfer: ['Oʻtkazma', 'Перевод', 'Transfer', 'Transfer'],
  bank_account: ['Hisob raqam', 'Расчётный счёт', 'Bank account', 'Rekening bank'],
});

/** The sheets' own words: an export is read outside the app, in the language asked for. */
const WORDS: Record<Language, Words> = inEachLanguage((language) => {
  const { total, ...sheets } = SHEETS[language];
  return { sheets, total, columns: COLUMNS[language], methods: { ...METHODS[language], ...PROVIDERS } };
});

export const exportWords = (language: string | undefined): Words => WORDS[normalizeLanguage(language)];
