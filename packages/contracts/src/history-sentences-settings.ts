import { type EventSentence, type SentenceTools, sentence, type Words, words } from './history-sentence-kit.js';
import { LEAD_COLUMN } from './history-sentences-people.js';
import type { LeadColumn } from './leads.js';

/**
 * History sentences of the company's settings and catalogues (tags, reasons, expense types, lead
 * sources, holidays, the lead board) and of messages to people.
 */

/**
 * A catalogue's noun as its sentences need it: Uzbek as a new (nominative) and as a definite
 * (accusative) object, Russian in the accusative every sentence uses, English and Indonesian as is.
 */
export interface Noun {
  uz: [nominative: string, accusative: string];
  ru: string;
  en: string;
  id: string;
}

/** The sentences of a catalogue entry's change (platform/named-catalogue.ts, tags): by `action`. */
function catalogueTemplates(noun: Noun): EventSentence['templates'] {
  const [uzNew, uzThe] = noun.uz;
  return {
    default: words(
      `{actor} ${uzThe} oʻzgartirdi‹: «{name}»›`,
      `{actor} изменил[а] ${noun.ru}‹ «{name}»›`,
      `{actor} changed ${noun.en}‹ “{name}”›`,
      `{actor} mengubah ${noun.id}‹ “{name}”›`,
    ),
    created: words(
      `{actor} yangi ${uzNew} qoʻshdi: «{name}»`,
      `{actor} добавил[а] ${noun.ru} «{name}»`,
      `{actor} added ${noun.en} “{name}”`,
      `{actor} menambahkan ${noun.id} “{name}”`,
    ),
    updated: words(
      `{actor} ${uzThe} qayta nomladi: «{before}» → «{after}»`,
      `{actor} переименовал[а] ${noun.ru}: «{before}» → «{after}»`,
      `{actor} renamed ${noun.en} “{before}” to “{after}”`,
      `{actor} mengganti nama ${noun.id} “{before}” menjadi “{after}”`,
    ),
    deactivated: words(
      `{actor} ${uzThe} nofaol qildi: «{name}»`,
      `{actor} отключил[а] ${noun.ru} «{name}»`,
      `{actor} deactivated ${noun.en} “{name}”`,
      `{actor} menonaktifkan ${noun.id} “{name}”`,
    ),
    activated: words(
      `{actor} ${uzThe} qayta faollashtirdi: «{name}»`,
      `{actor} снова включил[а] ${noun.ru} «{name}»`,
      `{actor} reactivated ${noun.en} “{name}”`,
      `{actor} mengaktifkan kembali ${noun.id} “{name}”`,
    ),
    deleted: words(
      `{actor} ${uzThe} oʻchirdi: «{name}»`,
      `{actor} удалил[а] ${noun.ru} «{name}»`,
      `{actor} deleted ${noun.en} “{name}”`,
      `{actor} menghapus ${noun.id} “{name}”`,
    ),
  };
}

/** A catalogue entry's name: `name` or `title`, as the entry was, or became. */
const entryName = (t: SentenceTools, ...at: string[]) => t.text(...at, 'name') ?? t.text(...at, 'title');

const catalogueFill = (t: SentenceTools) => ({
  name: entryName(t) ?? entryName(t, 'after') ?? entryName(t, 'before'),
  before: entryName(t, 'before'),
  after: entryName(t, 'after'),
});

/** An edit that keeps the name only switched the entry off or on (or changed its colour). */
function catalogueVariant(t: SentenceTools): string {
  const action = t.text('action') ?? 'default';
  if (action !== 'updated' || entryName(t, 'before') !== entryName(t, 'after')) return action;
  const active = t.raw('after', 'active');
  return active === false
    ? 'deactivated'
    : active === true && t.raw('before', 'active') === false
      ? 'activated'
      : 'default';
}

export const catalogue = (label: Words, noun: Noun) =>
  sentence({
    label,
    placeholders: ['name', 'before', 'after'],
    fill: catalogueFill,
    variant: catalogueVariant,
    templates: catalogueTemplates(noun),
  });

const LEAD_SOURCE: Noun = {
  uz: ['lid manbasi', 'lid manbasini'],
  ru: 'источник лидов',
  en: 'lead source',
  id: 'sumber prospek',
};
const LEAD_REASON: Noun = {
  uz: ['lidni oʻchirish sababi', 'lidni oʻchirish sababini'],
  ru: 'причину удаления лида',
  en: 'lead deletion reason',
  id: 'alasan penghapusan prospek',
};

/** "Navroʻz (21.03.2026)": a holiday as stored, or as it was or became. */
const holidayOf = (t: SentenceTools, ...at: string[]) => {
  const name = t.text(...at, 'name');
  const date = t.date(...at, 'date');
  return name && date ? `${name} (${date})` : name;
};

/** A message or binding about one person: him, linked. */
const aboutPerson = (t: SentenceTools) => ({ person: t.person('name', 'student_name') });

export const settingsSentences = {
  companySettingsChanged: sentence({
    label: words(
      'Kompaniya sozlamalari',
      'Настройки компании',
      'Company settings changed',
      'Pengaturan perusahaan diubah',
    ),
    placeholders: [],
    fill: () => ({}),
    templates: {
      default: words(
        '{actor} kompaniya sozlamalarini oʻzgartirdi',
        '{actor} изменил[а] настройки компании',
        '{actor} changed the company settings',
        '{actor} mengubah pengaturan perusahaan',
      ),
    },
  }),
  gradeSettingsChanged: sentence({
    label: words('Baho sozlamalari', 'Настройки оценок', 'Grade settings changed', 'Pengaturan nilai diubah'),
    placeholders: ['max', 'count'],
    fill: (t) => ({
      max: t.strong(t.number('max_score')?.toString()),
      count: t.strong(t.number('deleted_grades')?.toString()),
    }),
    variant: (t) => ((t.number('deleted_grades') ?? 0) > 0 ? 'deleted' : 'default'),
    templates: {
      default: words(
        '{actor} baho sozlamalarini oʻzgartirdi (maksimal ball {max})',
        '{actor} изменил[а] настройки оценок (максимальный балл {max})',
        '{actor} changed the grade settings (max score {max})',
        '{actor} mengubah pengaturan nilai (skor maksimal {max})',
      ),
      deleted: words(
        '{actor} maksimal ballni {max} qildi va {count} ta eski bahoni oʻchirdi',
        '{actor} установил[а] максимальный балл {max} и удалил[а] старые оценки: {count}',
        '{actor} set the max score to {max} and deleted {count} old grades',
        '{actor} menetapkan skor maksimal {max} dan menghapus {count} nilai lama',
      ),
    },
  }),
  holidayChanged: sentence({
    label: words('Bayram kunlari oʻzgardi', 'Изменены праздники', 'Holiday changed', 'Hari libur diubah'),
    placeholders: ['holiday', 'before', 'after'],
    fill: (t) => ({
      holiday: t.strong(holidayOf(t) ?? holidayOf(t, 'after')),
      before: t.strong(holidayOf(t, 'before')),
      after: t.strong(holidayOf(t, 'after')),
    }),
    variant: (t) => t.text('action') ?? 'default',
    templates: {
      default: words(
        '{actor} bayram kunini oʻzgartirdi‹: {holiday}›',
        '{actor} изменил[а] праздник‹ {holiday}›',
        '{actor} changed a holiday‹: {holiday}›',
        '{actor} mengubah hari libur‹ {holiday}›',
      ),
      created: words(
        '{actor} bayram kunini qoʻshdi: {holiday}',
        '{actor} добавил[а] праздник {holiday}',
        '{actor} added holiday {holiday}',
        '{actor} menambahkan hari libur {holiday}',
      ),
      updated: words(
        '{actor} bayram kunini tahrirladi: {before} → {after}',
        '{actor} изменил[а] праздник: {before} → {after}',
        '{actor} changed holiday {before} to {after}',
        '{actor} mengubah hari libur {before} menjadi {after}',
      ),
      deleted: words(
        '{actor} bayram kunini oʻchirdi: {holiday}',
        '{actor} удалил[а] праздник {holiday}',
        '{actor} deleted holiday {holiday}',
        '{actor} menghapus hari libur {holiday}',
      ),
    },
  }),
  tagChanged: catalogue(words('Teg oʻzgardi', 'Изменён тег', 'Tag changed', 'Tag diubah'), {
    uz: ['teg', 'tegni'],
    ru: 'тег',
    en: 'tag',
    id: 'tag',
  }),
  archiveReasonChanged: catalogue(
    words('Arxivlash sababi oʻzgardi', 'Изменена причина архивации', 'Archive reason changed', 'Alasan arsip diubah'),
    {
      uz: ['arxivlash sababi', 'arxivlash sababini'],
      ru: 'причину архивации',
      en: 'archive reason',
      id: 'alasan arsip',
    },
  ),
  expenseTypeChanged: catalogue(
    words('Xarajat turi oʻzgardi', 'Изменён тип расхода', 'Expense type changed', 'Jenis pengeluaran diubah'),
    { uz: ['xarajat turi', 'xarajat turini'], ru: 'тип расхода', en: 'expense type', id: 'jenis pengeluaran' },
  ),
  leadSettingsChanged: sentence({
    label: words(
      'Lid sozlamalari oʻzgardi',
      'Изменены настройки лидов',
      'Lead settings changed',
      'Pengaturan prospek diubah',
    ),
    placeholders: ['name', 'before', 'after'],
    fill: catalogueFill,
    // Lead sources and deletion reasons share the event; the entity tells them apart.
    variant: (t) => `${t.item.entity === 'lead_reason' ? 'reason' : 'source'}.${catalogueVariant(t)}`,
    templates: {
      default: catalogueTemplates(LEAD_SOURCE).default,
      ...Object.fromEntries(Object.entries(catalogueTemplates(LEAD_SOURCE)).map(([k, v]) => [`source.${k}`, v])),
      ...Object.fromEntries(Object.entries(catalogueTemplates(LEAD_REASON)).map(([k, v]) => [`reason.${k}`, v])),
    },
  }),
  leadBoardChanged: sentence({
    label: words('Lidlar taxtasi oʻzgardi', 'Изменена доска лидов', 'Lead board changed', 'Papan prospek diubah'),
    placeholders: ['title', 'before', 'after', 'column', 'count'],
    fill: (t) => {
      const column = t.text('column') as LeadColumn | undefined;
      return {
        title: t.text('title'),
        before: t.text('before'),
        after: t.text('after'),
        column: column && column in LEAD_COLUMN ? t.word(LEAD_COLUMN[column]) : undefined,
        count: t.number('cards_moved')?.toString(),
      };
    },
    variant: (t) => {
      if (t.raw('section_created') !== undefined) return 'sectionCreated';
      if (t.raw('section_renamed') !== undefined) return 'sectionRenamed';
      if (t.raw('section_deleted') !== undefined) return 'sectionDeleted';
      return t.raw('column') !== undefined ? 'column' : 'default';
    },
    templates: {
      default: words(
        '{actor} lidlar taxtasini oʻzgartirdi',
        '{actor} изменил[а] доску лидов',
        '{actor} changed the lead board',
        '{actor} mengubah papan prospek',
      ),
      sectionCreated: words(
        '{actor} lidlar taxtasiga boʻlim qoʻshdi: «{title}»',
        '{actor} добавил[а] раздел на доске лидов: «{title}»',
        '{actor} added section “{title}” to the lead board',
        '{actor} menambahkan bagian “{title}” ke papan prospek',
      ),
      sectionRenamed: words(
        '{actor} lidlar boʻlimini qayta nomladi: «{before}» → «{after}»',
        '{actor} переименовал[а] раздел доски лидов: «{before}» → «{after}»',
        '{actor} renamed a lead board section: “{before}” → “{after}”',
        '{actor} mengganti nama bagian papan prospek: “{before}” → “{after}”',
      ),
      sectionDeleted: words(
        '{actor} lidlar taxtasidan boʻlimni oʻchirdi‹: «{title}»›‹ (koʻchirilgan lidlar: {count})›',
        '{actor} удалил[а] раздел доски лидов‹ «{title}»›‹ (перенесено лидов: {count})›',
        '{actor} deleted a lead board section‹ “{title}”›‹ ({count} leads moved)›',
        '{actor} menghapus bagian papan prospek‹ “{title}”›‹ ({count} prospek dipindahkan)›',
      ),
      column: words(
        '{actor} «{column}» ustunini qayta nomladi‹: «{title}»›',
        '{actor} переименовал[а] колонку «{column}»‹ в «{title}»›',
        '{actor} renamed column “{column}”‹ to “{title}”›',
        '{actor} mengganti nama kolom “{column}”‹ menjadi “{title}”›',
      ),
    },
  }),
  smsSent: sentence({
    label: words('SMS yuborildi', 'Отправлено SMS', 'SMS sent', 'SMS terkirim'),
    placeholders: ['person', 'text'],
    fill: (t) => ({ ...aboutPerson(t), text: t.text('text') }),
    templates: {
      default: words(
        '{actor} SMS yubordi‹: {person}›‹ — «{text}»›',
        '{actor} отправил[а] SMS‹: {person}›‹ — «{text}»›',
        '{actor} sent an SMS‹ to {person}›‹: “{text}”›',
        '{actor} mengirim SMS‹ ke {person}›‹: “{text}”›',
      ),
    },
  }),
  tagsAssigned: sentence({
    label: words('Teglar biriktirildi', 'Назначены теги', 'Tags changed', 'Tag diubah'),
    placeholders: ['person'],
    fill: aboutPerson,
    templates: {
      default: words(
        '{actor} teglarni oʻzgartirdi‹: {person}›',
        '{actor} изменил[а] теги‹: {person}›',
        '{actor} changed the tags‹ of {person}›',
        '{actor} mengubah tag‹ milik {person}›',
      ),
    },
  }),
  worklyBound: sentence({
    label: words('Workly bilan bogʻlandi', 'Привязка к Workly', 'Linked to Workly', 'Ditautkan ke Workly'),
    placeholders: ['person', 'workly'],
    fill: (t) => ({ ...aboutPerson(t), workly: t.text('workly_name') }),
    templates: {
      default: words(
        '{actor} Workly bilan bogʻladi: {person}‹ (Workly: {workly})›',
        '{actor} привязал[а] к Workly: {person}‹ (в Workly: {workly})›',
        '{actor} linked {person} to Workly‹ (as {workly})›',
        '{actor} menautkan {person} ke Workly‹ (sebagai {workly})›',
      ),
    },
  }),
  worklyUnbound: sentence({
    label: words('Workly bogʻlanishi uzildi', 'Отвязка от Workly', 'Unlinked from Workly', 'Tautan Workly dilepas'),
    placeholders: ['person'],
    fill: aboutPerson,
    templates: {
      default: words(
        '{actor} Workly bilan bogʻlanishni uzdi: {person}',
        '{actor} отвязал[а] от Workly: {person}',
        '{actor} unlinked {person} from Workly',
        '{actor} melepas tautan Workly dari {person}',
      ),
    },
  }),
};
