import { type CompanyDatas, countryRules, dottedDate, formatAmount, type Language } from '@crm/contracts';
import { escapeTelegramHtml as escapeHtml } from '../../adapters/telegram/protocol.js';
import { exportWords } from '../finance-reports/export-words.js';
import type { DaySummary } from './summary.js';

/** The report's own words: it is read in Telegram, outside the app, in the company's language. */
interface ReportWords {
  title: string;
  test: string;
  payments: string;
  none: string;
  newStudents: string;
  newKids: string;
  newLeads: string;
  attendance: (present: number, absent: number) => string;
  debtors: (count: number, debt: string) => string;
}

const WORDS: Record<Language, ReportWords> = {
  uz: {
    title: 'Kunlik hisobot',
    test: 'Sinov hisoboti: kun hali tugamagan, raqamlar shu paytgacha',
    payments: 'Toʻlovlar',
    none: 'yoʻq',
    newStudents: 'Yangi oʻquvchilar',
    newKids: 'Yangi bolalar',
    newLeads: 'Yangi lidlar',
    attendance: (present, absent) => `Davomat: ${present} keldi, ${absent} kelmadi`,
    debtors: (count, debt) => `Qarzdorlar: ${count}, jami qarz ${debt}`,
  },
  ru: {
    title: 'Ежедневный отчёт',
    test: 'Тестовый отчёт: день ещё не закончился, цифры на текущий момент',
    payments: 'Оплаты',
    none: 'нет',
    newStudents: 'Новые студенты',
    newKids: 'Новые дети',
    newLeads: 'Новые лиды',
    attendance: (present, absent) => `Посещаемость: присутствовали ${present}, отсутствовали ${absent}`,
    debtors: (count, debt) => `Должники: ${count}, общий долг ${debt}`,
  },
  en: {
    title: 'Daily report',
    test: 'Test report: the day is not over, figures so far',
    payments: 'Payments',
    none: 'none',
    newStudents: 'New students',
    newKids: 'New kids',
    newLeads: 'New leads',
    attendance: (present, absent) => `Attendance: ${present} present, ${absent} absent`,
    debtors: (count, debt) => `Debtors: ${count}, owing ${debt} in all`,
  },
  id: {
    title: 'Laporan harian',
    test: 'Laporan uji: hari belum selesai, angka sejauh ini',
    payments: 'Pembayaran',
    none: 'tidak ada',
    newStudents: 'Siswa baru',
    newKids: 'Anak baru',
    newLeads: 'Prospek baru',
    attendance: (present, absent) => `Kehadiran: ${present} hadir, ${absent} tidak hadir`,
    debtors: (count, debt) => `Siswa berutang: ${count}, total utang ${debt}`,
  },
};

export interface ReportCompany {
  name: string;
  datas: CompanyDatas;
}

/**
 * The daily report as one HTML message in the company's language (companies.datas.locale), amounts in its
 * country's currency. `test`: sent by hand before the day is over, which the first line says.
 */
export function reportText(summary: DaySummary, company: ReportCompany, options: { test?: boolean } = {}): string {
  const language = company.datas.locale;
  const w = WORDS[language];
  const currency = countryRules(company.datas.country).currency;
  const money = (minor: number) => `${formatAmount(minor, currency)} ${currency}`;
  const methods: Record<string, string> = exportWords(language).methods;
  const total = summary.payments.reduce((sum, p) => sum + p.amount, 0);
  const count = summary.payments.reduce((sum, p) => sum + p.count, 0);
  const students = company.datas.company_type === 'kindergarten' ? w.newKids : w.newStudents;
  const lines = [`<b>${w.title} · ${escapeHtml(company.name)}</b>`, dottedDate(summary.day)];
  if (options.test) lines.push(`<i>${w.test}</i>`);
  lines.push('', `<b>${w.payments}: ${count ? `${money(total)} (${count})` : w.none}</b>`);
  for (const p of summary.payments) {
    lines.push(`• ${escapeHtml(methods[p.method] ?? (p.method || '—'))}: ${money(p.amount)} (${p.count})`);
  }
  lines.push(
    '',
    `${students}: ${summary.newStudents}`,
    `${w.newLeads}: ${summary.newLeads}`,
    w.attendance(summary.attendance.present, summary.attendance.absent),
    w.debtors(summary.debtors.count, money(summary.debtors.debt)),
  );
  return lines.join('\n');
}
