import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/** History sentences of the gamification shop (issue 21) and of the telephony settings (issue 22). */

const coins = (t: SentenceTools, key = 'amount') => t.strong(String(Math.abs(t.number(key) ?? 0)));
const product = (t: SentenceTools) => t.strong(t.text('product_name'));

export const gamificationSentences = {
  coinsGiven: sentence({
    label: words('Tangalar', 'Монеты', 'Coins', 'Koin'),
    placeholders: ['student', 'coins', 'reason'],
    fill: (t) => ({ student: t.person('student_name'), coins: coins(t), reason: t.strong(t.text('reason')) }),
    variant: (t) => ((t.number('amount') ?? 0) < 0 ? 'taken' : 'default'),
    templates: {
      default: words(
        '{actor} {student}ga {coins} tanga berdi: {reason}',
        '{actor} дал[а] {student} монеты: {coins} ({reason})',
        '{actor} gave {student} {coins} coins: {reason}',
        '{actor} memberi {student} {coins} koin: {reason}',
      ),
      taken: words(
        '{actor} {student}dan {coins} tanga oldi: {reason}',
        '{actor} списал[а] у {student} монеты: {coins} ({reason})',
        '{actor} took {coins} coins from {student}: {reason}',
        '{actor} mengambil {coins} koin dari {student}: {reason}',
      ),
    },
  }),
  coinsAwarded: sentence({
    label: words('Tangalar qoida boʻyicha', 'Монеты по правилу', 'Coins by a rule', 'Koin menurut aturan'),
    placeholders: ['count', 'coins', 'group'],
    fill: (t) => ({ count: t.strong(String(t.number('count') ?? 0)), coins: coins(t), group: t.group() }),
    variant: (t) => t.text('rule') ?? 'default',
    templates: {
      default: words(
        '{actor}: {count} ta oʻquvchiga {coins} tangadan berildi',
        '{actor}: учащимся ({count}) начислено по {coins} монет',
        '{actor}: {count} students got {coins} coins each',
        '{actor}: {count} siswa mendapat {coins} koin',
      ),
      attendance_present: words(
        '{actor} {group} guruhida davomat belgiladi: {count} ta oʻquvchiga {coins} tangadan',
        '{actor} отметил[а] посещение в {group}: учащимся ({count}) по {coins} монет',
        '{actor} marked attendance in {group}: {count} students got {coins} coins each',
        '{actor} menandai kehadiran di {group}: {count} siswa mendapat {coins} koin',
      ),
      homework_on_time: words(
        '{actor} uy vazifasini oʻz vaqtida topshirdi ({group}): {coins} tanga',
        '{actor} сдал[а] домашнее задание вовремя ({group}): {coins} монет',
        '{actor} handed in homework on time ({group}): {coins} coins',
        '{actor} mengumpulkan PR tepat waktu ({group}): {coins} koin',
      ),
      grade_at_least: words(
        '{actor} {group} guruhida yaxshi baho qoʻydi: {coins} tanga',
        '{actor} поставил[а] хорошую оценку в {group}: {coins} монет',
        '{actor} gave a good grade in {group}: {coins} coins',
        '{actor} memberi nilai bagus di {group}: {coins} koin',
      ),
      birthday: words(
        '{actor}: {count} ta oʻquvchiga tugʻilgan kuni uchun {coins} tangadan berildi',
        '{actor}: именинникам ({count}) начислено по {coins} монет',
        '{actor}: {count} students got {coins} birthday coins each',
        '{actor}: {count} siswa mendapat {coins} koin ulang tahun',
      ),
      month_without_absence: words(
        '{actor}: oyni qoldirmay oʻqigan {count} ta oʻquvchiga {coins} tangadan berildi',
        '{actor}: учащимся без пропусков за месяц ({count}) начислено по {coins} монет',
        '{actor}: {count} students with no absence in the month got {coins} coins each',
        '{actor}: {count} siswa tanpa absen sebulan mendapat {coins} koin',
      ),
    },
  }),
  productChanged: sentence({
    label: words('Doʻkon mahsuloti', 'Товар магазина', 'Shop product', 'Produk toko'),
    placeholders: ['product'],
    fill: (t) => ({ product: product(t) }),
    variant: (t) => t.text('change') ?? 'edited',
    templates: {
      default: words(
        '{actor} mahsulotni tahrirladi: {product}',
        '{actor} изменил[а] товар {product}',
        '{actor} edited product {product}',
        '{actor} mengubah produk {product}',
      ),
      added: words(
        '{actor} mahsulot qoʻshdi: {product}',
        '{actor} добавил[а] товар {product}',
        '{actor} added product {product}',
        '{actor} menambahkan produk {product}',
      ),
      edited: words(
        '{actor} mahsulotni tahrirladi: {product}',
        '{actor} изменил[а] товар {product}',
        '{actor} edited product {product}',
        '{actor} mengubah produk {product}',
      ),
      deleted: words(
        '{actor} mahsulotni oʻchirdi: {product}',
        '{actor} удалил[а] товар {product}',
        '{actor} deleted product {product}',
        '{actor} menghapus produk {product}',
      ),
    },
  }),
  orderPlaced: sentence({
    label: words('Buyurtma berildi', 'Заказ оформлен', 'Order placed', 'Pesanan dibuat'),
    placeholders: ['product', 'coins'],
    fill: (t) => ({ product: product(t), coins: coins(t, 'price') }),
    templates: {
      default: words(
        '{actor} {product} buyurtma qildi ({coins} tanga)',
        '{actor} заказал[а] {product} ({coins} монет)',
        '{actor} ordered {product} ({coins} coins)',
        '{actor} memesan {product} ({coins} koin)',
      ),
    },
  }),
  orderConfirmed: sentence({
    label: words('Buyurtma topshirildi', 'Заказ выдан', 'Order handed over', 'Pesanan diserahkan'),
    placeholders: ['product', 'student'],
    fill: (t) => ({ product: product(t), student: t.person('student_name') }),
    templates: {
      default: words(
        '{actor} {student}ga {product} topshirdi',
        '{actor} выдал[а] {student} товар {product}',
        '{actor} handed {product} over to {student}',
        '{actor} menyerahkan {product} kepada {student}',
      ),
    },
  }),
  orderCancelled: sentence({
    label: words('Buyurtma bekor qilindi', 'Заказ отменён', 'Order cancelled', 'Pesanan dibatalkan'),
    placeholders: ['product', 'student'],
    fill: (t) => ({ product: product(t), student: t.person('student_name') }),
    templates: {
      default: words(
        '{actor} {student}ning {product} buyurtmasini bekor qildi',
        '{actor} отменил[а] заказ {product} учащегося {student}',
        '{actor} cancelled {student}’s order of {product}',
        '{actor} membatalkan pesanan {product} milik {student}',
      ),
    },
  }),
  voipSettingsChanged: sentence({
    label: words('Telefoniya sozlamalari', 'Настройки телефонии', 'Telephony settings', 'Pengaturan telepon'),
    placeholders: [],
    fill: () => ({}),
    variant: (t) => (t.number('users') === undefined ? 'default' : 'users'),
    templates: {
      default: words(
        '{actor} OnlinePBX sozlamalarini oʻzgartirdi',
        '{actor} изменил[а] настройки OnlinePBX',
        '{actor} changed the OnlinePBX settings',
        '{actor} mengubah pengaturan OnlinePBX',
      ),
      users: words(
        '{actor} xodimlarning ichki raqamlarini oʻzgartirdi',
        '{actor} изменил[а] внутренние номера сотрудников',
        '{actor} changed the staff’s extensions',
        '{actor} mengubah ekstensi karyawan',
      ),
    },
  }),
  coinSettingsChanged: sentence({
    label: words('Tanga qoidalari', 'Правила монет', 'Coin rules', 'Aturan koin'),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words(
        '{actor} tanga qoidalarini oʻzgartirdi',
        '{actor} изменил[а] правила начисления монет',
        '{actor} changed the coin rules',
        '{actor} mengubah aturan koin',
      ),
    },
  }),
};

const student = { entity: 'user', entity_id: 7 } as const;
const order = { entity: 'order', entity_id: 4 } as const;

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const GAMIFICATION_SAMPLES: Record<
  keyof typeof gamificationSentences,
  [Record<string, unknown>, Partial<HistoryItem>?][]
> = {
  coinsGiven: [
    [{ student_name: 'Sobirov D.', amount: 20, reason: 'Olimpiada' }, student],
    [{ student_name: 'Sobirov D.', amount: -5, reason: 'Xato' }, student],
  ],
  coinsAwarded: [
    [
      { rule: 'attendance_present', count: 8, amount: 5, group_title: 'PY-BAS-1' },
      { entity: 'group', entity_id: 30 },
    ],
    [
      { rule: 'homework_on_time', count: 1, amount: 10, group_title: 'PY-BAS-1' },
      { entity: 'group', entity_id: 30 },
    ],
    [
      { rule: 'grade_at_least', count: 1, amount: 10, group_title: 'PY-BAS-1' },
      { entity: 'group', entity_id: 30 },
    ],
    [
      { rule: 'birthday', count: 3, amount: 100 },
      { entity: 'company', entity_id: 1 },
    ],
  ],
  productChanged: ['added', 'edited', 'deleted'].map((change) => [
    { product_name: 'Daftar', change },
    { entity: 'product', entity_id: 2 },
  ]),
  orderPlaced: [[{ product_name: 'Daftar', price: 40, student_id: 7, student_name: 'Sobirov D.' }, order]],
  orderConfirmed: [[{ product_name: 'Daftar', price: 40, student_id: 7, student_name: 'Sobirov D.' }, order]],
  orderCancelled: [[{ product_name: 'Daftar', price: 40, student_id: 7, student_name: 'Sobirov D.' }, order]],
  coinSettingsChanged: [[{}, { entity: 'company', entity_id: 1 }]],
  voipSettingsChanged: [
    [
      { accounts: ['pbx1.onpbx.ru'], country_code: '998' },
      { entity: 'company', entity_id: 1 },
    ],
    [{ users: 3 }, { entity: 'company', entity_id: 1 }],
  ],
};
