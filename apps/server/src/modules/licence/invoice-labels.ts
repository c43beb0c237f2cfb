import type { Language } from '@crm/contracts';

/**
 * The words of the invoice for a bank transfer (issue 17), in the four interface languages. The PDF is built
 * on the server, away from the web's i18n files, so its few labels live here (the Record type makes a label
 * missing in one language a compile error).
 */
export interface InvoiceLabels {
  title: (number: string) => string;
  date: string;
  seller: string;
  buyer: string;
  address: string;
  taxId: string;
  bank: string;
  account: string;
  bankCode: string;
  phone: string;
  crmAddress: string;
  /** In place of the platform's details the console has not set yet. */
  detailsPending: string;
  position: string;
  description: string;
  quantity: string;
  price: string;
  amount: string;
  total: string;
  item: (maxStudents: number, periodMonths: number) => string;
  purpose: string;
  /** The purpose the payer writes in the transfer, so the payment is matched to this invoice. */
  purposeText: (number: string) => string;
  paid: (day: string) => string;
  cancelled: string;
}

export const INVOICE_LABELS: Record<Language, InvoiceLabels> = {
  uz: {
    title: (number) => `Toʻlov uchun hisob № ${number}`,
    date: 'Sana',
    seller: 'Yetkazib beruvchi (toʻlov oluvchi)',
    buyer: 'Xaridor',
    address: 'Manzil',
    taxId: 'STIR',
    bank: 'Bank',
    account: 'Hisob raqami',
    bankCode: 'Bank kodi (MFO)',
    phone: 'Telefon',
    crmAddress: 'CRM manzili',
    detailsPending: 'Toʻlov rekvizitlarini platforma menejeri yuboradi.',
    position: '№',
    description: 'Nomi',
    quantity: 'Soni',
    price: 'Narxi',
    amount: 'Summa',
    total: 'Jami',
    item: (students, months) => `CRM litsenziyasi: ${students} tagacha oʻquvchi, ${months} oy`,
    purpose: 'Toʻlov maqsadi',
    purposeText: (number) => `${number}-sonli hisob boʻyicha toʻlov`,
    paid: (day) => `Toʻlangan: ${day}`,
    cancelled: 'Buyurtma bekor qilingan: toʻlamang.',
  },
  ru: {
    title: (number) => `Счёт на оплату № ${number}`,
    date: 'Дата',
    seller: 'Поставщик (получатель платежа)',
    buyer: 'Покупатель',
    address: 'Адрес',
    taxId: 'ИНН',
    bank: 'Банк',
    account: 'Расчётный счёт',
    bankCode: 'Код банка (МФО/БИК)',
    phone: 'Телефон',
    crmAddress: 'Адрес в CRM',
    detailsPending: 'Реквизиты для оплаты сообщит менеджер платформы.',
    position: '№',
    description: 'Наименование',
    quantity: 'Кол-во',
    price: 'Цена',
    amount: 'Сумма',
    total: 'Итого',
    item: (students, months) => `Лицензия CRM: до ${students} учеников, ${months} мес.`,
    purpose: 'Назначение платежа',
    purposeText: (number) => `Оплата по счёту № ${number}`,
    paid: (day) => `Оплачен ${day}`,
    cancelled: 'Заказ отменён: оплачивать не нужно.',
  },
  en: {
    title: (number) => `Invoice No. ${number}`,
    date: 'Date',
    seller: 'Seller (payee)',
    buyer: 'Buyer',
    address: 'Address',
    taxId: 'Tax ID',
    bank: 'Bank',
    account: 'Account',
    bankCode: 'Bank code',
    phone: 'Phone',
    crmAddress: 'CRM address',
    detailsPending: 'The platform’s manager will send the payment details.',
    position: 'No.',
    description: 'Description',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    total: 'Total',
    item: (students, months) =>
      `CRM licence: up to ${students} students, ${months} ${months === 1 ? 'month' : 'months'}`,
    purpose: 'Payment purpose',
    purposeText: (number) => `Payment for invoice No. ${number}`,
    paid: (day) => `Paid on ${day}`,
    cancelled: 'The order was cancelled: do not pay.',
  },
  id: {
    title: (number) => `Faktur No. ${number}`,
    date: 'Tanggal',
    seller: 'Penjual (penerima pembayaran)',
    buyer: 'Pembeli',
    address: 'Alamat',
    taxId: 'NPWP',
    bank: 'Bank',
    account: 'Nomor rekening',
    bankCode: 'Kode bank',
    phone: 'Telepon',
    crmAddress: 'Alamat CRM',
    detailsPending: 'Detail pembayaran akan dikirim oleh manajer platform.',
    position: 'No.',
    description: 'Uraian',
    quantity: 'Kuantitas',
    price: 'Harga',
    amount: 'Jumlah',
    total: 'Total',
    item: (students, months) => `Lisensi CRM: hingga ${students} siswa, ${months} bulan`,
    purpose: 'Keterangan pembayaran',
    purposeText: (number) => `Pembayaran faktur No. ${number}`,
    paid: (day) => `Lunas pada ${day}`,
    cancelled: 'Pesanan dibatalkan: jangan dibayar.',
  },
};
