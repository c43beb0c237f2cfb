import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/**
 * History sentences of the centre's licence, its online payment providers and its offer (issue 17). A provider's
 * callback has no user: its events read as the system's.
 */

const PROVIDER_NAMES: Record<string, string> = { payme: 'Payme', click: 'Click', midtrans: 'Midtrans' };
const providerOf = (t: SentenceTools) => {
  const provider = t.text('provider');
  return t.strong(provider ? (PROVIDER_NAMES[provider] ?? provider) : undefined);
};

const count = (t: SentenceTools, key: string) => t.strong(t.number(key)?.toString());

const planFill = (t: SentenceTools) => ({
  students: count(t, 'max_students'),
  months: count(t, 'period_months'),
  amount: t.money('amount'),
});

export const paymentSentences = {
  licenceOrdered: sentence({
    label: words('Litsenziya buyurtma qilindi', 'Заказана лицензия', 'Licence ordered', 'Lisensi dipesan'),
    placeholders: ['students', 'months', 'amount'],
    fill: planFill,
    templates: {
      default: words(
        '{actor} {months} oylik litsenziya buyurtma qildi ({students} tagacha talaba, {amount})',
        '{actor} заказал[а] лицензию на {months} мес. (до {students} студентов, {amount})',
        '{actor} ordered a {months}-month licence (up to {students} students, {amount})',
        '{actor} memesan lisensi {months} bulan (hingga {students} siswa, {amount})',
      ),
    },
  }),
  licencePaid: sentence({
    label: words('Litsenziya toʻlandi', 'Лицензия оплачена', 'Licence paid', 'Lisensi dibayar'),
    placeholders: ['students', 'months', 'amount', 'until', 'provider'],
    fill: (t) => ({ ...planFill(t), until: t.date('licence_to'), provider: providerOf(t) }),
    templates: {
      default: words(
        '{actor}: {amount} litsenziya toʻlovi qabul qilindi‹ ({provider})›, {until} gacha, {students} tagacha talaba',
        '{actor}: получена оплата лицензии {amount}‹ ({provider})›, до {until}, до {students} студентов',
        '{actor}: licence payment of {amount} received‹ ({provider})›, until {until}, up to {students} students',
        '{actor}: pembayaran lisensi {amount} diterima‹ ({provider})›, hingga {until}, hingga {students} siswa',
      ),
    },
  }),
  licencePaymentReversed: sentence({
    label: words(
      'Litsenziya toʻlovi qaytarildi',
      'Оплата лицензии отменена',
      'Licence payment reversed',
      'Pembayaran lisensi dibatalkan',
    ),
    placeholders: ['amount', 'provider', 'until'],
    fill: (t) => ({ amount: t.money('amount'), provider: providerOf(t), until: t.date('licence_to') }),
    templates: {
      default: words(
        '{actor}: {amount} litsenziya toʻlovi qaytarildi‹ ({provider})›, litsenziya {until} gacha',
        '{actor}: оплата лицензии {amount} отменена‹ ({provider})›, лицензия до {until}',
        '{actor}: the licence payment of {amount} was reversed‹ ({provider})›, the licence now ends on {until}',
        '{actor}: pembayaran lisensi {amount} dibatalkan‹ ({provider})›, lisensi berakhir {until}',
      ),
    },
  }),
  paymentProviderChanged: sentence({
    label: words(
      'Onlayn toʻlov sozlamasi oʻzgardi',
      'Изменены настройки онлайн-оплаты',
      'Online payment settings changed',
      'Pengaturan pembayaran online diubah',
    ),
    placeholders: ['provider'],
    fill: (t) => ({ provider: providerOf(t) }),
    variant: (t) => (t.raw('enabled') === false ? 'disabled' : 'default'),
    templates: {
      default: words(
        '{actor} {provider} sozlamalarini saqladi',
        '{actor} сохранил[а] настройки {provider}',
        '{actor} saved the {provider} settings',
        '{actor} menyimpan pengaturan {provider}',
      ),
      disabled: words(
        '{actor} {provider} orqali toʻlovni oʻchirdi',
        '{actor} отключил[а] оплату через {provider}',
        '{actor} turned off payments through {provider}',
        '{actor} menonaktifkan pembayaran melalui {provider}',
      ),
    },
  }),
  onlineCheckoutOpened: sentence({
    label: words(
      'Onlayn toʻlov boshlandi',
      'Начата онлайн-оплата',
      'Online payment started',
      'Pembayaran online dimulai',
    ),
    placeholders: ['student', 'amount', 'provider'],
    fill: (t) => ({ student: t.person('student_name'), amount: t.money('amount'), provider: providerOf(t) }),
    templates: {
      default: words(
        '{actor} {amount} onlayn toʻlovni boshladi‹: {student}›‹ ({provider})›',
        '{actor} начал[а] онлайн-оплату {amount}‹: {student}›‹ ({provider})›',
        '{actor} started an online payment of {amount}‹ for {student}›‹ ({provider})›',
        '{actor} memulai pembayaran online {amount}‹ untuk {student}›‹ ({provider})›',
      ),
    },
  }),
  offerPublished: sentence({
    label: words('Oferta eʼlon qilindi', 'Опубликована оферта', 'Offer published', 'Penawaran diterbitkan'),
    placeholders: ['version'],
    fill: (t) => ({ version: count(t, 'version') }),
    templates: {
      default: words(
        '{actor} ofertaning {version}-versiyasini eʼlon qildi',
        '{actor} опубликовал[а] версию {version} оферты',
        '{actor} published version {version} of the offer',
        '{actor} menerbitkan versi {version} penawaran',
      ),
    },
  }),
  offerAccepted: sentence({
    label: words('Oferta qabul qilindi', 'Оферта принята', 'Offer accepted', 'Penawaran diterima'),
    placeholders: ['student', 'version'],
    fill: (t) => ({ student: t.person('student_name'), version: count(t, 'version') }),
    templates: {
      default: words(
        '{actor} ofertaning {version}-versiyasini qabul qildi‹: {student}›',
        '{actor} принял[а] оферту, версия {version}‹: {student}›',
        '{actor} accepted version {version} of the offer‹ for {student}›',
        '{actor} menerima penawaran versi {version}‹ untuk {student}›',
      ),
    },
  }),
};

const company = { entity: 'company', entity_id: 1 } as const;
const student = { entity: 'user', entity_id: 5 } as const;

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const PAYMENT_SAMPLES: Record<
  keyof typeof paymentSentences,
  [Record<string, unknown>, Partial<HistoryItem>?][]
> = {
  licenceOrdered: [[{ order_id: 3, max_students: 300, period_months: 6, amount: 2160000 }, company]],
  licencePaid: [
    [
      {
        order_id: 3,
        max_students: 300,
        period_months: 6,
        amount: 2160000,
        provider: 'payme',
        licence_to: '2027-06-01',
      },
      company,
    ],
  ],
  licencePaymentReversed: [[{ order_id: 3, amount: 2160000, provider: 'payme', licence_to: '2026-12-01' }, company]],
  paymentProviderChanged: [[{ provider: 'click', enabled: true }, company], [{ provider: 'payme', enabled: false }]],
  onlineCheckoutOpened: [[{ amount: 450000, provider: 'click', student_name: 'Ali Valiyev', checkout_id: 9 }, student]],
  offerPublished: [[{ version: 2 }, company]],
  offerAccepted: [[{ version: 2, student_name: 'Ali Valiyev' }, student]],
};
