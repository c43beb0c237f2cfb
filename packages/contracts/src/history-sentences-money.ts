import { type SentenceTools, sentence, words } from './history-sentence-kit.js';
import type { PaymentMethod } from './money.js';

/** History sentences of money: payments, refunds, write-offs, charges, expenses and salaries. */

/** Brand names of the online providers read the same in every language. */
const METHOD: Record<PaymentMethod, ReturnType<typeof words>> = {
  cash: words('naqd', 'наличные', 'cash', 'tunai'),
  card: words('karta', 'карта', 'card', 'kartu'),
  transfer: words('oʻtkazma', 'перевод', 'transfer', 'transfer'),
  bank_account: words('hisob raqam', 'расчётный счёт', 'bank account', 'rekening bank'),
  payme: words('Payme', 'Payme', 'Payme', 'Payme'),
  click: words('Click', 'Click', 'Click', 'Click'),
  uzum: words('Uzum', 'Uzum', 'Uzum', 'Uzum'),
  midtrans: words('Midtrans', 'Midtrans', 'Midtrans', 'Midtrans'),
};

const methodOf = (t: SentenceTools) => {
  const method = t.text('method') as PaymentMethod | undefined;
  return method && method in METHOD ? t.word(METHOD[method]) : undefined;
};

/** A student's money movement: whose, for which group, how much and how. */
const movement = (t: SentenceTools, amountKey = 'amount') => ({
  student: t.person('student_name'),
  group: t.group(),
  amount: t.money(amountKey),
  method: methodOf(t),
});

export const moneySentences = {
  balanceTopUp: sentence({
    label: words('Toʻlov qabul qilindi', 'Принята оплата', 'Payment taken', 'Pembayaran diterima'),
    placeholders: ['student', 'group', 'amount', 'method'],
    fill: (t) => movement(t),
    templates: {
      default: words(
        '{actor} {amount} toʻlov qabul qildi: {student}‹, {group} guruhi uchun›‹ ({method})›',
        '{actor} принял[а] оплату {amount} от студента {student}‹ за группу {group}›‹ ({method})›',
        '{actor} took a payment of {amount} from {student}‹ for {group}›‹ ({method})›',
        '{actor} menerima pembayaran {amount} dari {student}‹ untuk {group}›‹ ({method})›',
      ),
    },
  }),
  paymentCancelled: sentence({
    label: words('Toʻlov bekor qilindi', 'Оплата отменена', 'Payment cancelled', 'Pembayaran dibatalkan'),
    placeholders: ['student', 'group', 'amount', 'reason'],
    fill: (t) => ({ ...movement(t), reason: t.text('reason') }),
    templates: {
      default: words(
        '{actor} {amount} toʻlovni bekor qildi: {student}‹, {group} guruhi›‹. Sabab: {reason}›',
        '{actor} отменил[а] оплату {amount} студента {student}‹ за группу {group}›‹. Причина: {reason}›',
        '{actor} cancelled a payment of {amount} from {student}‹ for {group}›‹. Reason: {reason}›',
        '{actor} membatalkan pembayaran {amount} dari {student}‹ untuk {group}›‹. Alasan: {reason}›',
      ),
    },
  }),
  refund: sentence({
    label: words('Pul qaytarildi', 'Возврат', 'Refund', 'Pengembalian dana'),
    placeholders: ['student', 'group', 'amount', 'method'],
    fill: (t) => movement(t),
    templates: {
      default: words(
        '{actor} oʻquvchiga {amount} qaytardi: {student}‹, {group} guruhi›‹ ({method})›',
        '{actor} вернул[а] {amount} студенту {student}‹ (группа {group})›‹ ({method})›',
        '{actor} refunded {amount} to {student}‹ ({group})›‹ ({method})›',
        '{actor} mengembalikan {amount} kepada {student}‹ ({group})›‹ ({method})›',
      ),
    },
  }),
  balanceEdited: sentence({
    label: words('Balans oʻzgartirildi', 'Баланс изменён', 'Balance edited', 'Saldo diubah'),
    placeholders: ['student', 'group', 'amount', 'reason', 'comment'],
    fill: (t) => ({
      ...movement(t, t.raw('write_off') !== undefined ? 'write_off' : 'amount'),
      reason: t.text('reason'),
      comment: t.text('comment'),
    }),
    variant: (t) => {
      if (t.raw('write_off') !== undefined) return 'writeOff';
      if (t.raw('cancelled_write_off') !== undefined) return 'writeOffCancelled';
      if (t.raw('replaced_entry_id') !== undefined) return 'paymentEdited';
      return t.text('action') === 're_withdraw' ? 'reWithdraw' : 'default';
    },
    templates: {
      default: words(
        '{actor} oʻquvchi balansini oʻzgartirdi: {student}',
        '{actor} изменил[а] баланс студента {student}',
        '{actor} changed the balance of {student}',
        '{actor} mengubah saldo {student}',
      ),
      writeOff: words(
        '{actor} balansdan {amount} yechdi: {student}‹, {group} guruhi›‹. Izoh: {comment}›',
        '{actor} списал[а] {amount} с баланса студента {student}‹ (группа {group})›‹. Комментарий: {comment}›',
        '{actor} wrote off {amount} from the balance of {student}‹ ({group})›‹. Comment: {comment}›',
        '{actor} memotong {amount} dari saldo {student}‹ ({group})›‹. Komentar: {comment}›',
      ),
      writeOffCancelled: words(
        '{actor} balansdan yechishni bekor qildi‹ ({amount})›: {student}‹. Sabab: {reason}›',
        '{actor} отменил[а] списание‹ {amount}› студента {student}‹. Причина: {reason}›',
        '{actor} cancelled a write-off‹ of {amount}› from {student}‹. Reason: {reason}›',
        '{actor} membatalkan potongan saldo‹ {amount}› milik {student}‹. Alasan: {reason}›',
      ),
      paymentEdited: words(
        '{actor} toʻlovni tuzatdi, yangi summa {amount}: {student}‹. Sabab: {reason}›',
        '{actor} исправил[а] оплату студента {student}: теперь {amount}‹. Причина: {reason}›',
        '{actor} corrected a payment of {student} to {amount}‹. Reason: {reason}›',
        '{actor} mengoreksi pembayaran {student} menjadi {amount}‹. Alasan: {reason}›',
      ),
      reWithdraw: words(
        '{actor} {group} guruhi boʻyicha yechimlarni qayta hisobladi‹. Sabab: {reason}›',
        '{actor} пересчитал[а] списания группы {group}‹. Причина: {reason}›',
        '{actor} recalculated the charges of group {group}‹. Reason: {reason}›',
        '{actor} menghitung ulang tagihan kelompok {group}‹. Alasan: {reason}›',
      ),
    },
  }),
  billingRecalculated: sentence({
    label: words(
      'Yechimlar qayta hisoblandi',
      'Списания пересчитаны',
      'Charges recalculated',
      'Tagihan dihitung ulang',
    ),
    placeholders: ['group'],
    fill: (t) => ({ group: t.group() }),
    templates: {
      default: words(
        '{actor} yechimlarni qayta hisobladi‹: {group} guruhi›',
        '{actor} пересчитал[а] списания‹ группы {group}›',
        '{actor} recalculated the charges‹ of group {group}›',
        '{actor} menghitung ulang tagihan‹ kelompok {group}›',
      ),
    },
  }),
  expenseCreated: sentence({
    label: words('Xarajat qoʻshildi', 'Добавлен расход', 'Expense added', 'Pengeluaran ditambahkan'),
    placeholders: ['amount', 'date'],
    fill: (t) => ({ amount: t.money('amount'), date: t.date('date') }),
    templates: {
      default: words(
        '{actor} xarajat qoʻshdi: {amount}‹, {date}›',
        '{actor} добавил[а] расход {amount}‹ за {date}›',
        '{actor} added an expense of {amount}‹ on {date}›',
        '{actor} menambahkan pengeluaran {amount}‹ pada {date}›',
      ),
    },
  }),
  expenseEdited: sentence({
    label: words('Xarajat tahrirlandi', 'Расход изменён', 'Expense edited', 'Pengeluaran diubah'),
    placeholders: ['before', 'after', 'reason'],
    fill: (t) => ({ before: t.money('before', 'amount'), after: t.money('after', 'amount'), reason: t.text('reason') }),
    templates: {
      default: words(
        '{actor} xarajatni tahrirladi: {before} → {after}‹. Sabab: {reason}›',
        '{actor} изменил[а] расход: {before} → {after}‹. Причина: {reason}›',
        '{actor} edited an expense: {before} → {after}‹. Reason: {reason}›',
        '{actor} mengubah pengeluaran: {before} → {after}‹. Alasan: {reason}›',
      ),
    },
  }),
  expenseDeleted: sentence({
    label: words('Xarajat oʻchirildi', 'Расход удалён', 'Expense deleted', 'Pengeluaran dihapus'),
    placeholders: ['amount', 'reason'],
    fill: (t) => ({ amount: t.money('amount'), reason: t.text('reason') }),
    templates: {
      default: words(
        '{actor} {amount} xarajatni oʻchirdi‹. Sabab: {reason}›',
        '{actor} удалил[а] расход {amount}‹. Причина: {reason}›',
        '{actor} deleted an expense of {amount}‹. Reason: {reason}›',
        '{actor} menghapus pengeluaran {amount}‹. Alasan: {reason}›',
      ),
    },
  }),
  salarySettingsChanged: sentence({
    label: words(
      'Maosh sozlamalari oʻzgardi',
      'Изменены настройки зарплаты',
      'Salary settings changed',
      'Pengaturan gaji diubah',
    ),
    placeholders: ['teacher'],
    fill: (t) => ({ teacher: t.teacher() }),
    variant: (t) => t.text('action') ?? 'default',
    templates: {
      default: words(
        '{actor} oʻqituvchi maoshi sozlamasini oʻzgartirdi‹: {teacher}›',
        '{actor} изменил[а] настройку зарплаты преподавателя‹ {teacher}›',
        '{actor} changed a teacher salary setting‹ for {teacher}›',
        '{actor} mengubah pengaturan gaji pengajar‹ {teacher}›',
      ),
      created: words(
        '{actor} oʻqituvchi maoshi sozlamasini qoʻshdi‹: {teacher}›',
        '{actor} добавил[а] настройку зарплаты преподавателя‹ {teacher}›',
        '{actor} added a teacher salary setting‹ for {teacher}›',
        '{actor} menambahkan pengaturan gaji pengajar‹ {teacher}›',
      ),
      deleted: words(
        '{actor} oʻqituvchi maoshi sozlamasini oʻchirdi‹: {teacher}›',
        '{actor} удалил[а] настройку зарплаты преподавателя‹ {teacher}›',
        '{actor} deleted a teacher salary setting‹ for {teacher}›',
        '{actor} menghapus pengaturan gaji pengajar‹ {teacher}›',
      ),
    },
  }),
  salaryCalculated: sentence({
    label: words('Maosh hisoblandi', 'Зарплата рассчитана', 'Salary calculated', 'Gaji dihitung'),
    placeholders: ['month', 'count', 'teacher'],
    fill: (t) => ({ month: t.month('month'), count: t.number('drafts')?.toString(), teacher: t.teacher() }),
    templates: {
      default: words(
        '{actor} {month} oyi uchun maoshlarni hisobladi‹: {teacher}›‹ ({count} ta qoralama)›',
        '{actor} рассчитал[а] зарплаты за {month}‹: {teacher}›‹ (черновиков: {count})›',
        '{actor} calculated the salaries for {month}‹: {teacher}›‹ ({count} drafts)›',
        '{actor} menghitung gaji bulan {month}‹: {teacher}›‹ ({count} draf)›',
      ),
    },
  }),
  salaryPublished: sentence({
    label: words('Maosh eʼlon qilindi', 'Зарплата опубликована', 'Salary published', 'Gaji diterbitkan'),
    placeholders: ['month', 'teacher', 'amount'],
    fill: (t) => ({ month: t.month('month'), teacher: t.teacher(), amount: t.money('amount') }),
    templates: {
      default: words(
        '{actor} {month} oyi maoshini eʼlon qildi‹: {teacher}›, {amount}',
        '{actor} опубликовал[а] зарплату за {month}‹: {teacher}›, {amount}',
        '{actor} published the {month} salary‹ of {teacher}›: {amount}',
        '{actor} menerbitkan gaji {month}‹ untuk {teacher}›: {amount}',
      ),
    },
  }),
  salaryUnpublished: sentence({
    label: words(
      'Maosh eʼloni bekor qilindi',
      'Публикация зарплаты отменена',
      'Salary unpublished',
      'Penerbitan gaji dibatalkan',
    ),
    placeholders: ['month', 'teacher', 'amount', 'reason'],
    fill: (t) => ({
      month: t.month('month'),
      teacher: t.teacher(),
      amount: t.money('amount'),
      reason: t.text('reason'),
    }),
    templates: {
      default: words(
        '{actor} {month} oyi maoshi eʼlonini bekor qildi‹: {teacher}›, {amount}‹. Sabab: {reason}›',
        '{actor} отменил[а] публикацию зарплаты за {month}‹: {teacher}›, {amount}‹. Причина: {reason}›',
        '{actor} unpublished the {month} salary‹ of {teacher}›: {amount}‹. Reason: {reason}›',
        '{actor} membatalkan penerbitan gaji {month}‹ untuk {teacher}›: {amount}‹. Alasan: {reason}›',
      ),
    },
  }),
};
