import type { HistoryItem } from './history-api.js';
import { type SentenceTools, sentence, words } from './history-sentence-kit.js';

/** History sentences of the news blog, forms, landing pages and the log-in page's look (issue 20). */

const title = (t: SentenceTools) => t.strong(t.text('title'));

export const formsSentences = {
  blogPostAdded: sentence({
    label: words('Yangilik eʼlon qilindi', 'Опубликована новость', 'News posted', 'Berita diterbitkan'),
    placeholders: ['title'],
    fill: (t) => ({ title: title(t) }),
    templates: {
      default: words(
        '{actor} yangilik eʼlon qildi: {title}',
        '{actor} опубликовал[а] новость {title}',
        '{actor} posted news {title}',
        '{actor} menerbitkan berita {title}',
      ),
    },
  }),
  blogPostChanged: sentence({
    label: words('Yangilik tahrirlandi', 'Новость изменена', 'News edited', 'Berita diubah'),
    placeholders: ['title'],
    fill: (t) => ({ title: title(t) }),
    templates: {
      default: words(
        '{actor} yangilikni tahrirladi: {title}',
        '{actor} изменил[а] новость {title}',
        '{actor} edited news {title}',
        '{actor} mengubah berita {title}',
      ),
    },
  }),
  blogPostDeleted: sentence({
    label: words('Yangilik oʻchirildi', 'Новость удалена', 'News deleted', 'Berita dihapus'),
    placeholders: ['title'],
    fill: (t) => ({ title: title(t) }),
    templates: {
      default: words(
        '{actor} yangilikni oʻchirdi: {title}',
        '{actor} удалил[а] новость {title}',
        '{actor} deleted news {title}',
        '{actor} menghapus berita {title}',
      ),
    },
  }),
  formChanged: sentence({
    label: words('Forma', 'Форма', 'Form', 'Formulir'),
    placeholders: ['title'],
    fill: (t) => ({ title: title(t) }),
    variant: (t) => t.text('change') ?? 'edited',
    templates: {
      default: words(
        '{actor} formani tahrirladi: {title}',
        '{actor} изменил[а] форму {title}',
        '{actor} edited form {title}',
        '{actor} mengubah formulir {title}',
      ),
      added: words(
        '{actor} forma yaratdi: {title}',
        '{actor} создал[а] форму {title}',
        '{actor} created form {title}',
        '{actor} membuat formulir {title}',
      ),
      edited: words(
        '{actor} formani tahrirladi: {title}',
        '{actor} изменил[а] форму {title}',
        '{actor} edited form {title}',
        '{actor} mengubah formulir {title}',
      ),
      published: words(
        '{actor} formani eʼlon qildi: {title}',
        '{actor} опубликовал[а] форму {title}',
        '{actor} published form {title}',
        '{actor} menerbitkan formulir {title}',
      ),
      unpublished: words(
        '{actor} formani yopdi: {title}',
        '{actor} снял[а] форму с публикации: {title}',
        '{actor} unpublished form {title}',
        '{actor} menutup formulir {title}',
      ),
      deleted: words(
        '{actor} formani oʻchirdi: {title}',
        '{actor} удалил[а] форму {title}',
        '{actor} deleted form {title}',
        '{actor} menghapus formulir {title}',
      ),
    },
  }),
  auditLinksSent: sentence({
    label: words('Soʻrovnoma yuborildi', 'Опрос отправлен', 'Survey sent', 'Survei dikirim'),
    placeholders: ['title', 'count'],
    fill: (t) => ({ title: title(t), count: t.strong(String(t.number('count') ?? 0)) }),
    templates: {
      default: words(
        '{actor} {title} soʻrovnomasini {count} ta oʻquvchiga yubordi',
        '{actor} отправил[а] опрос {title} учащимся: {count}',
        '{actor} sent survey {title} to {count} students',
        '{actor} mengirim survei {title} ke {count} siswa',
      ),
    },
  }),
  landingPageChanged: sentence({
    label: words('Sahifa', 'Лендинг', 'Landing page', 'Halaman arahan'),
    placeholders: ['title', 'slug'],
    fill: (t) => ({ title: title(t), slug: t.text('slug') }),
    variant: (t) => (t.text('change') === 'deleted' ? 'deleted' : 'default'),
    templates: {
      default: words(
        '{actor} /{slug} sahifasini saqladi: {title}',
        '{actor} сохранил[а] страницу /{slug}: {title}',
        '{actor} saved landing page /{slug}: {title}',
        '{actor} menyimpan halaman /{slug}: {title}',
      ),
      deleted: words(
        '{actor} /{slug} sahifasini oʻchirdi: {title}',
        '{actor} удалил[а] страницу /{slug}: {title}',
        '{actor} deleted landing page /{slug}: {title}',
        '{actor} menghapus halaman /{slug}: {title}',
      ),
    },
  }),
  loginLookChanged: sentence({
    label: words('Kirish sahifasi', 'Страница входа', 'Log-in page', 'Halaman masuk'),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words(
        '{actor} kirish sahifasining koʻrinishini oʻzgartirdi',
        '{actor} изменил[а] вид страницы входа',
        '{actor} changed the look of the log-in page',
        '{actor} mengubah tampilan halaman masuk',
      ),
    },
  }),
};

const company = { entity: 'company', entity_id: 1 } as const;
const form = { entity: 'form', entity_id: 3 } as const;
const post = { entity: 'blog_post', entity_id: 5 } as const;

/** What the server writes for each event of this file (history-sentence-samples.ts checks each sentence). */
export const FORMS_SAMPLES: Record<keyof typeof formsSentences, [Record<string, unknown>, Partial<HistoryItem>?][]> = {
  blogPostAdded: [[{ title: 'Yangi kurs' }, post]],
  blogPostChanged: [[{ title: 'Yangi kurs' }, post]],
  blogPostDeleted: [[{ title: 'Yangi kurs' }, post]],
  formChanged: ['added', 'edited', 'published', 'unpublished', 'deleted'].map((change) => [
    { title: 'Feedback', kind: 'form', change },
    form,
  ]),
  auditLinksSent: [[{ title: 'Dars sifati', count: 24 }, form]],
  landingPageChanged: [
    [
      { title: 'IELTS', slug: 'ielts' },
      { entity: 'landing_page', entity_id: 2 },
    ],
    [
      { title: 'IELTS', slug: 'ielts', change: 'deleted' },
      { entity: 'landing_page', entity_id: 2 },
    ],
  ],
  loginLookChanged: [[{}, company]],
};
