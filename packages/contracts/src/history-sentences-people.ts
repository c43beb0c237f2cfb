import { sentence, words } from './history-sentence-kit.js';
import type { LeadColumn } from './leads.js';

/** History sentences of people (spec §3 User), their sign-ins and notes, and of leads. */

export const LEAD_COLUMN = {
  incoming: words('Kiruvchi lidlar', 'Входящие лиды', 'Incoming leads', 'Prospek masuk'),
  waiting: words('Navbat / kutish', 'Очередь / ожидание', 'Queue / waiting', 'Antrean / menunggu'),
  set: words('Kelishuv / toʻplam', 'Сделка / набор', 'Deal / set', 'Kesepakatan / set'),
} satisfies Record<LeadColumn, unknown>;

export const peopleSentences = {
  userCreated: sentence({
    label: words('Foydalanuvchi qoʻshildi', 'Пользователь добавлен', 'User added', 'Pengguna ditambahkan'),
    placeholders: ['person'],
    fill: (t) => ({ person: t.person('name') }),
    variant: (t) => t.text('user_type') ?? 'default',
    templates: {
      default: words(
        '{actor} yangi foydalanuvchi qoʻshdi: {person}',
        '{actor} добавил[а] пользователя {person}',
        '{actor} added user {person}',
        '{actor} menambahkan pengguna {person}',
      ),
      student: words(
        '{actor} yangi oʻquvchi qoʻshdi: {person}',
        '{actor} добавил[а] студента {person}',
        '{actor} added student {person}',
        '{actor} menambahkan siswa {person}',
      ),
      teacher: words(
        '{actor} yangi oʻqituvchi qoʻshdi: {person}',
        '{actor} добавил[а] преподавателя {person}',
        '{actor} added teacher {person}',
        '{actor} menambahkan pengajar {person}',
      ),
      staff: words(
        '{actor} yangi xodim qoʻshdi: {person}',
        '{actor} добавил[а] сотрудника {person}',
        '{actor} added staff member {person}',
        '{actor} menambahkan staf {person}',
      ),
    },
  }),
  userEdited: sentence({
    label: words('Foydalanuvchi tahrirlandi', 'Пользователь изменён', 'User edited', 'Pengguna diubah'),
    placeholders: ['person'],
    fill: (t) => ({ person: t.person('name') }),
    variant: (t) => {
      if (t.raw('password_changed') !== true) return 'default';
      const changed = t.raw('changed');
      const onlyPassword = !changed || (typeof changed === 'object' && !Object.keys(changed).length);
      if (!onlyPassword) return 'default';
      return t.item.actor && t.item.actor.id === t.item.entity_id ? 'ownPassword' : 'password';
    },
    templates: {
      default: words(
        '{actor} foydalanuvchi maʼlumotlarini tahrirladi: {person}',
        '{actor} отредактировал[а] профиль: {person}',
        '{actor} edited the profile of {person}',
        '{actor} mengubah profil {person}',
      ),
      password: words(
        '{actor} foydalanuvchi parolini oʻzgartirdi: {person}',
        '{actor} сменил[а] пароль пользователя {person}',
        '{actor} changed the password of {person}',
        '{actor} mengganti kata sandi {person}',
      ),
      ownPassword: words(
        '{actor} oʻz parolini oʻzgartirdi',
        '{actor} сменил[а] свой пароль',
        '{actor} changed their own password',
        '{actor} mengganti kata sandinya sendiri',
      ),
    },
  }),
  userArchived: sentence({
    label: words('Arxivga oʻtkazildi', 'Перемещён в архив', 'Moved to the archive', 'Dipindahkan ke arsip'),
    placeholders: ['person'],
    fill: (t) => ({ person: t.person('name') }),
    templates: {
      default: words(
        '{actor} arxivga oʻtkazdi: {person}',
        '{actor} отправил[а] в архив: {person}',
        '{actor} moved {person} to the archive',
        '{actor} memindahkan {person} ke arsip',
      ),
    },
  }),
  userRestored: sentence({
    label: words('Arxivdan qaytarildi', 'Восстановлен из архива', 'Restored from the archive', 'Dipulihkan dari arsip'),
    placeholders: ['person'],
    fill: (t) => ({ person: t.person('name') }),
    templates: {
      default: words(
        '{actor} arxivdan qaytardi: {person}',
        '{actor} восстановил[а] из архива: {person}',
        '{actor} restored {person} from the archive',
        '{actor} memulihkan {person} dari arsip',
      ),
    },
  }),
  userDeleted: sentence({
    label: words('Butunlay oʻchirildi', 'Удалён навсегда', 'Deleted for good', 'Dihapus permanen'),
    placeholders: ['person'],
    fill: (t) => ({ person: t.person('name') }),
    templates: {
      default: words(
        '{actor} butunlay oʻchirdi: {person}',
        '{actor} удалил[а] навсегда: {person}',
        '{actor} deleted {person} for good',
        '{actor} menghapus {person} secara permanen',
      ),
    },
  }),
  userMovedBranch: sentence({
    label: words('Filiallari oʻzgardi', 'Смена филиалов', 'Branches changed', 'Cabang diubah'),
    placeholders: ['person', 'from', 'to'],
    fill: (t) => ({ person: t.person('name'), from: t.branches('from'), to: t.branches('to') }),
    templates: {
      default: words(
        '{actor} filiallarini oʻzgartirdi: {person}, {from} → {to}',
        '{actor} изменил[а] филиалы: {person}, {from} → {to}',
        '{actor} moved {person} between branches: {from} → {to}',
        '{actor} memindahkan {person} antarcabang: {from} → {to}',
      ),
    },
  }),
  usersImported: sentence({
    label: words('Exceldan import', 'Импорт из Excel', 'Imported from Excel', 'Impor dari Excel'),
    placeholders: ['imported', 'rejected'],
    fill: (t) => ({ imported: t.number('imported')?.toString(), rejected: t.number('rejected')?.toString() }),
    templates: {
      default: words(
        '{actor} Exceldan oʻquvchilarni import qildi: {imported} ta qoʻshildi, {rejected} ta rad etildi',
        '{actor} импортировал[а] студентов из Excel: добавлено {imported}, отклонено {rejected}',
        '{actor} imported students from Excel: {imported} added, {rejected} rejected',
        '{actor} mengimpor siswa dari Excel: {imported} ditambahkan, {rejected} ditolak',
      ),
    },
  }),
  userCommentAdded: sentence({
    label: words('Izoh qoldirildi', 'Добавлена заметка', 'Note added', 'Catatan ditambahkan'),
    placeholders: ['person', 'text'],
    fill: (t) => ({ person: t.person('name'), text: t.text('text') }),
    templates: {
      default: words(
        '{actor} izoh qoldirdi: {person}‹ — «{text}»›',
        '{actor} оставил[а] заметку: {person}‹ — «{text}»›',
        '{actor} added a note about {person}‹: “{text}”›',
        '{actor} menambahkan catatan tentang {person}‹: “{text}”›',
      ),
    },
  }),
  userLoggedIn: sentence({
    label: words('Tizimga kirish', 'Вход в систему', 'Signed in', 'Masuk'),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words('{actor} tizimga kirdi', '{actor}: вход в систему', '{actor} signed in', '{actor} masuk'),
    },
  }),
  userLoggedOut: sentence({
    label: words('Tizimdan chiqish', 'Выход из системы', 'Signed out', 'Keluar'),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words('{actor} tizimdan chiqdi', '{actor}: выход из системы', '{actor} signed out', '{actor} keluar'),
    },
  }),
  leadAdded: sentence({
    label: words('Lid qoʻshildi', 'Добавлен лид', 'Lead added', 'Prospek ditambahkan'),
    placeholders: ['lead'],
    fill: (t) => ({ lead: t.lead() }),
    variant: (t) => (t.text('via') === 'public_form' || !t.item.actor ? 'publicForm' : 'default'),
    templates: {
      default: words(
        '{actor} yangi lid qoʻshdi: {lead}',
        '{actor} добавил[а] лида {lead}',
        '{actor} added lead {lead}',
        '{actor} menambahkan prospek {lead}',
      ),
      publicForm: words(
        'Saytdagi forma orqali yangi lid keldi: {lead}',
        'Новый лид с формы на сайте: {lead}',
        'A new lead came in through the website form: {lead}',
        'Prospek baru masuk lewat formulir situs: {lead}',
      ),
    },
  }),
  leadEdited: sentence({
    label: words('Lid tahrirlandi', 'Лид изменён', 'Lead edited', 'Prospek diubah'),
    placeholders: ['lead'],
    fill: (t) => ({ lead: t.lead() }),
    templates: {
      default: words(
        '{actor} lid maʼlumotlarini tahrirladi: {lead}',
        '{actor} отредактировал[а] лида {lead}',
        '{actor} edited lead {lead}',
        '{actor} mengubah prospek {lead}',
      ),
    },
  }),
  leadMoved: sentence({
    label: words('Lid koʻchirildi', 'Лид перемещён', 'Lead moved', 'Prospek dipindahkan'),
    placeholders: ['lead', 'column', 'branch'],
    fill: (t) => {
      const column = t.text('to', 'column') as LeadColumn | undefined;
      const branch = t.number('to', 'branch_id');
      return {
        lead: t.lead(),
        column: column && column in LEAD_COLUMN ? t.word(LEAD_COLUMN[column]) : undefined,
        branch: branch === undefined ? undefined : (t.ctx.branchName?.(branch) ?? `#${branch}`),
      };
    },
    variant: (t) => {
      const from = t.number('from', 'branch_id');
      const to = t.number('to', 'branch_id');
      return from !== undefined && to !== undefined && from !== to ? 'branch' : 'default';
    },
    templates: {
      default: words(
        '{actor} lidni «{column}» ustuniga oʻtkazdi: {lead}',
        '{actor} переместил[а] лида в колонку «{column}»: {lead}',
        '{actor} moved lead {lead} to “{column}”',
        '{actor} memindahkan prospek {lead} ke “{column}”',
      ),
      branch: words(
        '{actor} lidni boshqa filialga oʻtkazdi: {lead} → {branch}',
        '{actor} перевел[а] лида в другой филиал: {lead} → {branch}',
        '{actor} moved lead {lead} to branch {branch}',
        '{actor} memindahkan prospek {lead} ke cabang {branch}',
      ),
    },
  }),
  leadArchived: sentence({
    label: words('Lid arxivlandi', 'Лид в архиве', 'Lead archived', 'Prospek diarsipkan'),
    placeholders: ['lead', 'reason'],
    fill: (t) => ({ lead: t.lead(), reason: t.text('reason') }),
    templates: {
      default: words(
        '{actor} lidni arxivga oʻtkazdi: {lead}‹. Sabab: {reason}›',
        '{actor} отправил[а] лида в архив: {lead}‹. Причина: {reason}›',
        '{actor} archived lead {lead}‹. Reason: {reason}›',
        '{actor} mengarsipkan prospek {lead}‹. Alasan: {reason}›',
      ),
    },
  }),
  leadRestored: sentence({
    label: words('Lid arxivdan qaytarildi', 'Лид восстановлен', 'Lead restored', 'Prospek dipulihkan'),
    placeholders: ['lead'],
    fill: (t) => ({ lead: t.lead() }),
    templates: {
      default: words(
        '{actor} lidni arxivdan qaytardi: {lead}',
        '{actor} вернул[а] лида из архива: {lead}',
        '{actor} restored lead {lead} from the archive',
        '{actor} memulihkan prospek {lead} dari arsip',
      ),
    },
  }),
  leadConverted: sentence({
    label: words('Lid oʻquvchiga aylandi', 'Лид стал студентом', 'Lead became a student', 'Prospek menjadi siswa'),
    // The lead is now the student: his name links to the student's profile.
    placeholders: ['student', 'group'],
    fill: (t) => ({ student: t.person('student_name', 'name'), group: t.group() }),
    templates: {
      default: words(
        '{actor} lidni oʻquvchiga aylantirdi‹ va {group} guruhiga qoʻshdi›: {student}',
        '{actor} перевел[а] лида в студенты‹ группы {group}›: {student}',
        '{actor} made lead {student} a student‹ of group {group}›',
        '{actor} menjadikan prospek {student} siswa‹ di kelompok {group}›',
      ),
    },
  }),
  leadsImported: sentence({
    label: words('Lidlar importi', 'Импорт лидов', 'Leads imported', 'Impor prospek'),
    placeholders: ['imported', 'rejected'],
    fill: (t) => ({ imported: t.number('imported')?.toString(), rejected: t.number('rejected')?.toString() }),
    templates: {
      default: words(
        '{actor} Exceldan lidlarni import qildi: {imported} ta qoʻshildi, {rejected} ta rad etildi',
        '{actor} импортировал[а] лиды из Excel: добавлено {imported}, отклонено {rejected}',
        '{actor} imported leads from Excel: {imported} added, {rejected} rejected',
        '{actor} mengimpor prospek dari Excel: {imported} ditambahkan, {rejected} ditolak',
      ),
    },
  }),
};
