import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/**
 * History sentences of a centre's own set-up (issue 16): its sign-up, onboarding, password recovery, branches
 * and pictures. A branch is named as it was called when the event happened.
 */

const STEP_NAMES: Record<string, ReturnType<typeof words>> = {
  company: words('logotip va ish vaqti', 'логотип и часы работы', 'logo and working hours', 'logo dan jam kerja'),
  course: words('birinchi kurs', 'первый курс', 'first course', 'kursus pertama'),
  room: words('birinchi xona', 'первый кабинет', 'first room', 'ruang pertama'),
  teacher: words('birinchi oʻqituvchi', 'первый преподаватель', 'first teacher', 'guru pertama'),
  student: words('birinchi talaba', 'первый студент', 'first student', 'siswa pertama'),
  group: words('birinchi guruh', 'первая группа', 'first group', 'kelompok pertama'),
};

const stepOf = (t: SentenceTools) => {
  const step = t.text('step');
  const name = step ? STEP_NAMES[step] : undefined;
  return t.strong(name ? name[t.ctx.language] : step);
};

const branchFill = (t: SentenceTools) => ({ branch: t.strong(t.text('name')) });

export const companySentences = {
  companySignedUp: sentence({
    label: words('Markaz roʻyxatdan oʻtdi', 'Центр зарегистрирован', 'Centre signed up', 'Pusat mendaftar'),
    placeholders: ['company', 'subdomain'],
    fill: (t) => ({ company: t.strong(t.text('name')), subdomain: t.strong(t.text('subdomain')) }),
    templates: {
      default: words(
        '{actor} {company} markazini roʻyxatdan oʻtkazdi‹ ({subdomain})›',
        '{actor} зарегистрировал[а] центр {company}‹ ({subdomain})›',
        '{actor} signed up the centre {company}‹ ({subdomain})›',
        '{actor} mendaftarkan pusat {company}‹ ({subdomain})›',
      ),
    },
  }),
  onboardingStepRecorded: sentence({
    label: words('Boshlangʻich sozlash qadami', 'Шаг начальной настройки', 'Onboarding step', 'Langkah orientasi'),
    placeholders: ['step'],
    fill: (t) => ({ step: stepOf(t) }),
    variant: (t) => (t.text('state') === 'skipped' ? 'skipped' : 'default'),
    templates: {
      default: words(
        '{actor} boshlangʻich sozlashda «{step}» qadamini bajardi',
        '{actor} выполнил[а] шаг «{step}» начальной настройки',
        '{actor} completed the onboarding step “{step}”',
        '{actor} menyelesaikan langkah orientasi “{step}”',
      ),
      skipped: words(
        '{actor} boshlangʻich sozlashda «{step}» qadamini oʻtkazib yubordi',
        '{actor} пропустил[а] шаг «{step}» начальной настройки',
        '{actor} skipped the onboarding step “{step}”',
        '{actor} melewati langkah orientasi “{step}”',
      ),
    },
  }),
  onboardingFinished: sentence({
    label: words(
      'Boshlangʻich sozlash tugadi',
      'Начальная настройка завершена',
      'Onboarding ended',
      'Orientasi selesai',
    ),
    placeholders: [],
    fill: () => ({}),
    variant: (t) => (t.raw('skipped') === true ? 'skipped' : 'default'),
    templates: {
      default: words(
        '{actor} boshlangʻich sozlashni yakunladi',
        '{actor} завершил[а] начальную настройку',
        '{actor} finished onboarding',
        '{actor} menyelesaikan orientasi',
      ),
      skipped: words(
        '{actor} boshlangʻich sozlashni oʻtkazib yubordi',
        '{actor} пропустил[а] начальную настройку',
        '{actor} skipped onboarding',
        '{actor} melewati orientasi',
      ),
    },
  }),
  passwordReset: sentence({
    label: words('Parol tiklandi', 'Пароль восстановлен', 'Password reset', 'Kata sandi diatur ulang'),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words(
        '{actor} SMS kodi orqali parolini tikladi; boshqa seanslari yakunlandi',
        '{actor} восстановил[а] пароль по коду из SMS; остальные сеансы завершены',
        '{actor} reset the password with an SMS code; other sessions were ended',
        '{actor} mengatur ulang kata sandi dengan kode SMS; sesi lainnya diakhiri',
      ),
    },
  }),
  branchCreated: sentence({
    label: words('Filial ochildi', 'Открыт филиал', 'Branch opened', 'Cabang dibuka'),
    placeholders: ['branch'],
    fill: branchFill,
    templates: {
      default: words(
        '{actor} {branch} filialini ochdi',
        '{actor} открыл[а] филиал {branch}',
        '{actor} opened the branch {branch}',
        '{actor} membuka cabang {branch}',
      ),
    },
  }),
  branchEdited: sentence({
    label: words('Filial tahrirlandi', 'Изменён филиал', 'Branch edited', 'Cabang diubah'),
    placeholders: ['branch'],
    fill: branchFill,
    templates: {
      default: words(
        '{actor} {branch} filialini tahrirladi',
        '{actor} изменил[а] филиал {branch}',
        '{actor} edited the branch {branch}',
        '{actor} mengubah cabang {branch}',
      ),
    },
  }),
  branchArchived: sentence({
    label: words('Filial arxivlandi', 'Филиал в архиве', 'Branch archived', 'Cabang diarsipkan'),
    placeholders: ['branch', 'target', 'count'],
    fill: (t) => ({
      branch: t.strong(t.text('name')),
      target: t.strong(t.text('to_branch_name')),
      count: t.strong(t.text('people')),
    }),
    variant: (t) => (t.text('to_branch_name') ? 'moved' : 'default'),
    templates: {
      default: words(
        '{actor} {branch} filialini arxivladi‹; faqat u yerdagi {count} kishi ham arxivlandi›',
        '{actor} отправил[а] в архив филиал {branch}‹; {count} чел. только этого филиала тоже в архиве›',
        '{actor} archived the branch {branch}‹; its {count} own people were archived too›',
        '{actor} mengarsipkan cabang {branch}‹; {count} orang yang hanya di sana ikut diarsipkan›',
      ),
      moved: words(
        '{actor} {branch} filialini arxivladi‹; {count} kishi {target} filialiga oʻtkazildi›',
        '{actor} отправил[а] в архив филиал {branch}‹; {count} чел. переведены в {target}›',
        '{actor} archived the branch {branch}‹; {count} people moved to {target}›',
        '{actor} mengarsipkan cabang {branch}‹; {count} orang dipindahkan ke {target}›',
      ),
    },
  }),
  branchRestored: sentence({
    label: words('Filial tiklandi', 'Филиал восстановлен', 'Branch restored', 'Cabang dipulihkan'),
    placeholders: ['branch'],
    fill: branchFill,
    templates: {
      default: words(
        '{actor} {branch} filialini arxivdan qaytardi',
        '{actor} вернул[а] из архива филиал {branch}',
        '{actor} restored the branch {branch}',
        '{actor} memulihkan cabang {branch}',
      ),
    },
  }),
  companyPictureChanged: sentence({
    label: words(
      'Markaz rasmi oʻzgardi',
      'Изменено изображение центра',
      'Company picture changed',
      'Gambar pusat diubah',
    ),
    placeholders: [],
    fill: () => ({}),
    variant: (t) => `${t.text('picture') ?? 'logo'}_${t.text('change') ?? 'added'}`,
    templates: {
      default: words(
        '{actor} markaz rasmini oʻzgartirdi',
        '{actor} изменил[а] изображение центра',
        '{actor} changed a company picture',
        '{actor} mengubah gambar pusat',
      ),
      logo_added: words(
        '{actor} yangi logotip yukladi',
        '{actor} загрузил[а] новый логотип',
        '{actor} uploaded a new logo',
        '{actor} mengunggah logo baru',
      ),
      logo_removed: words(
        '{actor} logotipni olib tashladi',
        '{actor} удалил[а] логотип',
        '{actor} removed the logo',
        '{actor} menghapus logo',
      ),
      background_added: words(
        '{actor} fon rasmini qoʻshdi',
        '{actor} добавил[а] фон',
        '{actor} added a background',
        '{actor} menambahkan latar',
      ),
      background_removed: words(
        '{actor} fon rasmini olib tashladi',
        '{actor} удалил[а] фон',
        '{actor} removed a background',
        '{actor} menghapus latar',
      ),
    },
  }),
};

const branch = { entity: 'branch', entity_id: 3 } as const;
const company = { entity: 'company', entity_id: 1 } as const;

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const COMPANY_SAMPLES: Record<
  keyof typeof companySentences,
  [Record<string, unknown>, Partial<HistoryItem>?][]
> = {
  companySignedUp: [[{ name: 'Nur Academy', subdomain: 'nur' }, company]],
  onboardingStepRecorded: [
    [{ step: 'course', state: 'done' }, company],
    [{ step: 'room', state: 'skipped' }, company],
  ],
  onboardingFinished: [
    [{ skipped: false }, company],
    [{ skipped: true }, company],
  ],
  passwordReset: [[{ via: 'sms_code' }, { entity: 'user', entity_id: 5 }]],
  branchCreated: [[{ name: 'Chilonzor' }, branch]],
  branchEdited: [[{ name: 'Chilonzor', before: { phone: null }, after: { phone: '901234567' } }, branch]],
  branchArchived: [
    [{ name: 'Chilonzor', people: 4, to_branch_id: 1, to_branch_name: 'Yunusobod' }, branch],
    [{ name: 'Chilonzor', people: 2 }, branch],
  ],
  branchRestored: [[{ name: 'Chilonzor' }, branch]],
  companyPictureChanged: [
    [{ picture: 'logo', change: 'added' }, company],
    [{ picture: 'logo', change: 'removed' }, company],
    [{ picture: 'background', change: 'added' }, company],
    [{ picture: 'background', change: 'removed' }, company],
  ],
};
