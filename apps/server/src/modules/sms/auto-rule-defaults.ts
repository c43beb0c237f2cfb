import type { AutoSmsRule, Language } from '@crm/contracts';

/**
 * The text a rule starts with, in the company's language, until someone writes the company's own. Written in
 * GSM-7 (plain apostrophes) where the language allows, so a message costs one part, not two or three.
 */
export const DEFAULT_RULE_TEXTS: Record<AutoSmsRule, Record<Language, string>> = {
  advance_payment: {
    uz: "Hurmatli {student_name}, {group} guruhi uchun to'lov muddati yaqinlashmoqda. Balans: {balance}. {company_name}",
    ru: 'Уважаемый(ая) {student_name}, приближается срок оплаты за группу {group}. Баланс: {balance}. {company_name}',
    en: 'Dear {student_name}, the payment for {group} is due soon. Balance: {balance}. {company_name}',
    id: 'Yth. {student_name}, pembayaran untuk {group} segera jatuh tempo. Saldo: {balance}. {company_name}',
  },
  debtor: {
    uz: "Hurmatli {student_name}, sizda {debt} qarzdorlik bor. Iltimos, to'lovni amalga oshiring. {company_name} {branch_phone}",
    ru: 'Уважаемый(ая) {student_name}, у вас задолженность {debt}. Пожалуйста, оплатите. {company_name} {branch_phone}',
    en: 'Dear {student_name}, you owe {debt}. Please make a payment. {company_name} {branch_phone}',
    id: 'Yth. {student_name}, Anda memiliki tunggakan {debt}. Mohon lakukan pembayaran. {company_name} {branch_phone}',
  },
  balance_not_enough: {
    uz: 'Hurmatli {student_name}, balansingiz ({balance}) keyingi dars uchun yetarli emas. {company_name}',
    ru: 'Уважаемый(ая) {student_name}, вашего баланса ({balance}) не хватает на следующее занятие. {company_name}',
    en: 'Dear {student_name}, your balance ({balance}) is not enough for the next lesson. {company_name}',
    id: 'Yth. {student_name}, saldo Anda ({balance}) tidak cukup untuk pelajaran berikutnya. {company_name}',
  },
  birthday: {
    uz: "Hurmatli {student_name}, tug'ilgan kuningiz bilan tabriklaymiz! {company_name}",
    ru: 'Дорогой(ая) {student_name}, поздравляем с днём рождения! {company_name}',
    en: 'Dear {student_name}, happy birthday from all of us! {company_name}',
    id: 'Yth. {student_name}, selamat ulang tahun dari kami semua! {company_name}',
  },
  payment_done: {
    uz: "{student_name}, {payment_amount} to'lovingiz qabul qilindi. Balans: {balance}. Rahmat! {company_name}",
    ru: '{student_name}, ваш платёж {payment_amount} получен. Баланс: {balance}. Спасибо! {company_name}',
    en: '{student_name}, your payment of {payment_amount} is received. Balance: {balance}. Thank you! {company_name}',
    id: '{student_name}, pembayaran {payment_amount} telah diterima. Saldo: {balance}. Terima kasih! {company_name}',
  },
  activation: {
    uz: '{student_name}, siz {group} guruhiga qabul qilindingiz. Keyingi dars: {next_lesson_date}. {company_name}',
    ru: '{student_name}, вы зачислены в группу {group}. Следующее занятие: {next_lesson_date}. {company_name}',
    en: '{student_name}, you are now in {group}. Next lesson: {next_lesson_date}. {company_name}',
    id: '{student_name}, Anda telah masuk grup {group}. Pelajaran berikutnya: {next_lesson_date}. {company_name}',
  },
};
