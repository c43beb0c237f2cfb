import type { Language } from '@crm/contracts';

/** What the bot says, in the four interface languages (HTML: names are escaped by the caller). */
export interface BotTexts {
  linked: (name: string) => string;
  linkUnknown: string;
  linkUsed: string;
  linkExpired: string;
  notLinked: string;
  unlinked: string;
  help: string;
  nothingToShow: string;
  balance: (name: string, amount: string, debt: boolean) => string;
  scheduleHead: (name: string) => string;
  noLessons: string;
  cancelled: string;
  attendance: (name: string, month: string, present: number, absent: number) => string;
  /** A staff member's task fell due: its title, when (date and time in the centre's zone) and what it concerns. */
  taskDue: (title: string, due: string, about: string | null) => string;
  /** A student was marked absent from today's lesson (to him and his parents). */
  absentToday: (name: string, group: string, time: string) => string;
  gradeGiven: (name: string, score: number, max: number, group: string, date: string) => string;
  news: (title: string, excerpt: string) => string;
}

const COMMANDS = '/balance /schedule /attendance /stop';

export const BOT_TEXTS: Record<Language, BotTexts> = {
  uz: {
    linked: (name) => `✅ Telegram ${name} hisobiga bogʻlandi. Endi xabarlar shu yerga keladi.\n${COMMANDS}`,
    linkUnknown: 'Bu havola notoʻgʻri. Profilingizdan yangi havola oling.',
    linkUsed: 'Bu havola allaqachon ishlatilgan. Profilingizdan yangi havola oling.',
    linkExpired: 'Havolaning muddati tugagan. Profilingizdan yangi havola oling.',
    notLinked: 'Telegram hali bogʻlanmagan. Markaz ilovasidagi profilingizdan «Telegramni bogʻlash» tugmasini bosing.',
    unlinked: 'Telegram uzildi. Xabarlar endi SMS orqali keladi.',
    help: `Buyruqlar: ${COMMANDS}`,
    nothingToShow: 'Koʻrsatadigan oʻquvchi yoʻq.',
    balance: (name, amount, debt) => `<b>${name}</b>: ${debt ? `qarz ${amount}` : `balans ${amount}`}`,
    scheduleHead: (name) => `<b>${name}</b> — yaqin 7 kun darslari:`,
    noLessons: 'Dars yoʻq',
    cancelled: 'bekor qilingan',
    attendance: (name, month, present, absent) => `<b>${name}</b>, ${month}: keldi ${present}, kelmadi ${absent}`,
    taskDue: (title, due, about) => `⏰ Vazifa vaqti keldi: <b>${title}</b>\n${due}${about ? ` · ${about}` : ''}`,
    absentToday: (name, group, time) => `❗ ${name} bugun darsga kelmadi: ${group}, ${time}`,
    gradeGiven: (name, score, max, group, date) => `⭐ ${name}: ${score}/${max} baho — ${group}, ${date}`,
    news: (title, excerpt) => `📰 Yangilik: <b>${title}</b>\n${excerpt}`,
  },
  ru: {
    linked: (name) => `✅ Telegram привязан к аккаунту ${name}. Сообщения теперь приходят сюда.\n${COMMANDS}`,
    linkUnknown: 'Эта ссылка недействительна. Получите новую в своём профиле.',
    linkUsed: 'Эта ссылка уже использована. Получите новую в своём профиле.',
    linkExpired: 'Срок ссылки истёк. Получите новую в своём профиле.',
    notLinked: 'Telegram ещё не привязан. Нажмите «Привязать Telegram» в своём профиле в приложении центра.',
    unlinked: 'Telegram отвязан. Сообщения снова приходят по SMS.',
    help: `Команды: ${COMMANDS}`,
    nothingToShow: 'Нет учащихся для показа.',
    balance: (name, amount, debt) => `<b>${name}</b>: ${debt ? `долг ${amount}` : `баланс ${amount}`}`,
    scheduleHead: (name) => `<b>${name}</b> — занятия на 7 дней:`,
    noLessons: 'Занятий нет',
    cancelled: 'отменено',
    attendance: (name, month, present, absent) => `<b>${name}</b>, ${month}: был(а) ${present}, пропустил(а) ${absent}`,
    taskDue: (title, due, about) => `⏰ Пора выполнить задачу: <b>${title}</b>\n${due}${about ? ` · ${about}` : ''}`,
    absentToday: (name, group, time) => `❗ ${name} сегодня не пришёл(а) на занятие: ${group}, ${time}`,
    gradeGiven: (name, score, max, group, date) => `⭐ ${name}: оценка ${score}/${max} — ${group}, ${date}`,
    news: (title, excerpt) => `📰 Новость: <b>${title}</b>\n${excerpt}`,
  },
  en: {
    linked: (name) => `✅ Telegram is linked to ${name}'s account. Your messages now come here.\n${COMMANDS}`,
    linkUnknown: 'This link is not valid. Get a new one from your profile.',
    linkUsed: 'This link has already been used. Get a new one from your profile.',
    linkExpired: 'This link has expired. Get a new one from your profile.',
    notLinked: 'Telegram is not linked yet. Press “Link Telegram” in your profile in the centre’s app.',
    unlinked: 'Telegram is unlinked. Messages come by SMS again.',
    help: `Commands: ${COMMANDS}`,
    nothingToShow: 'No student to show.',
    balance: (name, amount, debt) => `<b>${name}</b>: ${debt ? `owes ${amount}` : `balance ${amount}`}`,
    scheduleHead: (name) => `<b>${name}</b> — lessons of the next 7 days:`,
    noLessons: 'No lessons',
    cancelled: 'cancelled',
    attendance: (name, month, present, absent) => `<b>${name}</b>, ${month}: present ${present}, absent ${absent}`,
    taskDue: (title, due, about) => `⏰ A task is due: <b>${title}</b>\n${due}${about ? ` · ${about}` : ''}`,
    absentToday: (name, group, time) => `❗ ${name} was absent from today’s lesson: ${group}, ${time}`,
    gradeGiven: (name, score, max, group, date) => `⭐ ${name}: grade ${score}/${max} — ${group}, ${date}`,
    news: (title, excerpt) => `📰 News: <b>${title}</b>\n${excerpt}`,
  },
  id: {
    linked: (name) => `✅ Telegram tertaut ke akun ${name}. Pesan Anda sekarang datang ke sini.\n${COMMANDS}`,
    linkUnknown: 'Tautan ini tidak valid. Ambil tautan baru dari profil Anda.',
    linkUsed: 'Tautan ini sudah dipakai. Ambil tautan baru dari profil Anda.',
    linkExpired: 'Tautan ini sudah kedaluwarsa. Ambil tautan baru dari profil Anda.',
    notLinked: 'Telegram belum ditautkan. Tekan “Tautkan Telegram” di profil Anda di aplikasi lembaga.',
    unlinked: 'Telegram diputus. Pesan kembali dikirim lewat SMS.',
    help: `Perintah: ${COMMANDS}`,
    nothingToShow: 'Tidak ada siswa untuk ditampilkan.',
    balance: (name, amount, debt) => `<b>${name}</b>: ${debt ? `tunggakan ${amount}` : `saldo ${amount}`}`,
    scheduleHead: (name) => `<b>${name}</b> — pelajaran 7 hari ke depan:`,
    noLessons: 'Tidak ada pelajaran',
    cancelled: 'dibatalkan',
    attendance: (name, month, present, absent) => `<b>${name}</b>, ${month}: hadir ${present}, absen ${absent}`,
    taskDue: (title, due, about) => `⏰ Tugas sudah jatuh tempo: <b>${title}</b>\n${due}${about ? ` · ${about}` : ''}`,
    absentToday: (name, group, time) => `❗ ${name} tidak hadir di pelajaran hari ini: ${group}, ${time}`,
    gradeGiven: (name, score, max, group, date) => `⭐ ${name}: nilai ${score}/${max} — ${group}, ${date}`,
    news: (title, excerpt) => `📰 Berita: <b>${title}</b>\n${excerpt}`,
  },
};

export { escapeTelegramHtml as escapeHtml } from '../../adapters/telegram/protocol.js';
