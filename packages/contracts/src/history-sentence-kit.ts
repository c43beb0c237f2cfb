import { formatAmount } from './courses.js';
import type { HistoryItem } from './history-api.js';
import type { Language } from './locale.js';

/**
 * The parts every history sentence is made of (history-sentences.ts puts them together). An event's
 * definition names its wording in each language, with placeholders such as `{student}` that its `fill`
 * supplies from the event; `{actor}` (who did it) is supplied for every event. In Russian, `[а]` after a
 * past-tense verb is the feminine ending: written for a woman, left out for a man, "(а)" when unknown.
 */

export type Words = Record<Language, string>;

/** One wording in the four languages, in the order of LANGUAGES. */
export const words = (uz: string, ru: string, en: string, id: string): Words => ({ uz, ru, en, id });

/** What a name in a sentence can open: a person's profile, a group's page or a lead's history. */
export type HistoryLinkKind = 'student' | 'teacher' | 'staff' | 'group' | 'lead';
export interface HistoryLink {
  kind: HistoryLinkKind;
  id: number;
}

/** A piece of a sentence: plain text, or a name that links to what it names. */
export interface SentencePart {
  text: string;
  link?: HistoryLink;
  /** A name or figure (the page sets it apart). */
  strong?: boolean;
  /** A value the (older) event does not hold, shown as a dash. */
  missing?: boolean;
}

export type Filled = string | SentencePart | null | undefined;

export interface SentenceContext {
  language: Language;
  /** The company's currency (countryRules(country).currency): amounts are integers of its minor unit. */
  currency: string;
  /** Branch names by id where known (a move between branches names them). */
  branchName?: (id: number) => string | undefined;
}

/** What a sentence is made from: the listed event (HistoryItem) or the same fields. */
export type SentenceItem = Pick<HistoryItem, 'name' | 'entity' | 'entity_id' | 'actor' | 'data' | 'refs'>;

/** A long free text (a note, a reason) is cut in a log line. */
const TEXT_MAX = 120;
const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

const STUDENT_STATUS: Record<number, Words> = {
  1: words('sinov darsi', 'пробный урок', 'trial lesson', 'pelajaran uji coba'),
  2: words('sinovga keldi', 'пришёл на пробный', 'came to the trial', 'hadir uji coba'),
  3: words('sinovga kelmadi', 'не пришёл на пробный', 'missed the trial', 'tidak hadir uji coba'),
  4: words('muzlatilgan', 'заморожен', 'frozen', 'dibekukan'),
  5: words('faol', 'активный', 'active', 'aktif'),
  6: words('arxivda', 'в архиве', 'archived', 'diarsipkan'),
};

/** The helpers an event's `fill` reads its item with; each answers undefined when the old row lacks it. */
export class SentenceTools {
  constructor(
    readonly item: SentenceItem,
    readonly ctx: SentenceContext,
  ) {}

  get data(): Record<string, unknown> {
    return this.item.data ?? {};
  }

  /** A field of the data, or of an object field of it (`text('after', 'name')`). */
  raw(...path: string[]): unknown {
    return path.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      this.data,
    );
  }

  /** Non-empty text, cut to a log line's length. */
  text(...path: string[]): string | undefined {
    const value = this.raw(...path);
    if (typeof value !== 'string' || !value.trim()) return undefined;
    const text = value.trim().replace(/\s+/g, ' ');
    return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
  }

  /** The first of several fields that holds text. */
  firstText(...keys: string[]): string | undefined {
    for (const key of keys) {
      const text = this.text(key);
      if (text) return text;
    }
    return undefined;
  }

  number(...path: string[]): number | undefined {
    const value = this.raw(...path);
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }

  /** An amount of the company's currency: "450 000 UZS" (narrow spaces between thousands). */
  money(...path: string[]): SentencePart | undefined {
    const value = this.number(...path);
    if (value === undefined || !Number.isInteger(value)) return undefined;
    const amount = formatAmount(value, this.ctx.currency).replace(/ /g, NARROW_NBSP);
    return { text: `${amount}${NBSP}${this.ctx.currency}`, strong: true };
  }

  /** "21.03.2026" from an ISO day (or the day of an instant). */
  date(...path: string[]): string | undefined {
    const value = this.text(...path);
    const day = value?.match(/^(\d{4})-(\d{2})-(\d{2})/);
    return day ? `${day[3]}.${day[2]}.${day[1]}` : undefined;
  }

  /** "03.2026" from "2026-03" or "2026-03-01". */
  month(...path: string[]): string | undefined {
    const month = this.text(...path)?.match(/^(\d{4})-(\d{2})/);
    return month ? `${month[2]}.${month[1]}` : undefined;
  }

  word(wording: Words): string {
    return wording[this.ctx.language];
  }

  /** A student status in a group (spec §4) by its id. */
  status(...path: string[]): string | undefined {
    const id = this.number(...path);
    const wording = id === undefined ? undefined : STUDENT_STATUS[id];
    return wording ? this.word(wording) : undefined;
  }

  /** A list of branch ids as their names. */
  branches(...path: string[]): string | undefined {
    const ids = this.raw(...path);
    if (!Array.isArray(ids) || !ids.length) return undefined;
    return ids.map((id) => this.ctx.branchName?.(Number(id)) ?? `#${String(id)}`).join(', ');
  }

  /**
   * The person the event is about: the user of a user event, else the student it names. The name as
   * stored then (`nameKeys`), else as he is called now; linked to his profile while he exists.
   */
  person(...nameKeys: string[]): SentencePart | undefined {
    const { entity, entity_id: entityId, refs } = this.item;
    const id = entity === 'user' ? entityId : this.number('student_id');
    const now = refs?.person && refs.person.id === id ? refs.person : null;
    const name = this.firstText(...(nameKeys.length ? nameKeys : ['student_name', 'name'])) ?? now?.name;
    if (!name && id == null) return undefined;
    const kind = now ? (now.type ?? undefined) : undefined;
    return { text: name ?? `#${id}`, strong: true, ...(kind && id != null ? { link: { kind, id } } : {}) };
  }

  /** A group by the id and title fields given (default: the group the event is about). */
  group(idKey = 'group_id', titleKeys: readonly string[] = ['group_title', 'title']): SentencePart | undefined {
    const { entity, entity_id: entityId, refs } = this.item;
    const id = this.number(idKey) ?? (idKey === 'group_id' && entity === 'group' ? entityId : undefined);
    const now = refs?.group && refs.group.id === id ? refs.group : null;
    const title = this.firstText(...titleKeys) ?? now?.title;
    if (!title && id == null) return undefined;
    return { text: title ?? `#${id}`, strong: true, ...(id != null ? { link: { kind: 'group', id } } : {}) };
  }

  /** The teacher a salary event names (data.teacher_id, or the edited setting's), linked to his profile. */
  teacher(): SentencePart | undefined {
    const id = this.number('teacher_id') ?? this.number('after', 'teacher_id') ?? this.number('before', 'teacher_id');
    const now = this.item.refs?.person && this.item.refs.person.id === id ? this.item.refs.person : null;
    const name = this.text('teacher_name') ?? now?.name;
    if (!name) return undefined;
    return { text: name, strong: true, ...(now?.type && id != null ? { link: { kind: now.type, id } } : {}) };
  }

  /** The lead the event is about, linked to his history. */
  lead(): SentencePart | undefined {
    const { entity, entity_id: id, refs } = this.item;
    if (entity !== 'lead') return undefined;
    const name = this.text('name') ?? refs?.lead?.name;
    if (!name && id == null) return undefined;
    return { text: name ?? `#${id}`, strong: true, ...(id != null ? { link: { kind: 'lead', id } } : {}) };
  }

  /** A name or figure set apart (a room, a course, a file). */
  strong(text: string | undefined): SentencePart | undefined {
    return text === undefined ? undefined : { text, strong: true };
  }
}

/**
 * One event type's sentence. `placeholders` are the names its `fill` supplies (a test checks that
 * every template names only these and `{actor}`); `variant` picks one of `templates` (default
 * `default`) by what the event holds.
 */
export interface EventSentence<P extends string = string> {
  /** The event type's name, as the filter and the Excel file show it. */
  label: Words;
  placeholders: readonly P[];
  fill: (tools: SentenceTools) => Partial<Record<P, Filled>>;
  variant?: (tools: SentenceTools) => string;
  templates: { default: Words } & Record<string, Words>;
}

export const sentence = <P extends string>(definition: EventSentence<P>): EventSentence<P> => definition;
