import { HISTORY_EVENT_NAMES, HistoryEvent, type HistoryEventName, type HistoryEventType } from './history.js';
import {
  type EventSentence,
  type Filled,
  type SentenceContext,
  type SentenceItem,
  type SentencePart,
  SentenceTools,
  words,
} from './history-sentence-kit.js';
import { catalogSentences } from './history-sentences-catalog.js';
import { companySentences } from './history-sentences-company.js';
import { formsSentences } from './history-sentences-forms.js';
import { gamificationSentences } from './history-sentences-gamification.js';
import { groupSentences } from './history-sentences-groups.js';
import { learningSentences } from './history-sentences-learning.js';
import { messageSentences } from './history-sentences-messages.js';
import { moneySentences } from './history-sentences-money.js';
import { parentSentences } from './history-sentences-parents.js';
import { paymentSentences } from './history-sentences-payments.js';
import { peopleSentences } from './history-sentences-people.js';
import { reminderSentences } from './history-sentences-reminders.js';
import { settingsSentences } from './history-sentences-settings.js';
import type { Language } from './locale.js';

export type {
  HistoryLink,
  HistoryLinkKind,
  SentenceContext,
  SentenceItem,
  SentencePart,
} from './history-sentence-kit.js';

/**
 * Spec §2 history, §3 history events: one sentence per event type in the four languages ("Aziza N.
 * took a payment of 450 000 UZS from Sobirov D. for PY-BAS-1"), shared by the web (the History page,
 * the student's and the group's history) and the server's Excel file. The wordings live by domain in
 * `history-sentences-*.ts`; every event type has one (the type below and a test enforce it).
 */
export const HISTORY_SENTENCES: Record<HistoryEventName, EventSentence> = {
  ...peopleSentences,
  ...groupSentences,
  ...catalogSentences,
  ...moneySentences,
  ...settingsSentences,
  ...messageSentences,
  ...reminderSentences,
  ...companySentences,
  ...paymentSentences,
  ...learningSentences,
  ...formsSentences,
  ...gamificationSentences,
  ...parentSentences,
};

/** Who did it when nobody of the staff did (a visitor's form); Russian "Система" is feminine. */
const SYSTEM = words('Tizim', 'Система', 'The system', 'Sistem');

/** A later event type this build does not know yet: its number, said plainly. */
const UNKNOWN = words('{actor}: {event}', '{actor}: {event}', '{actor}: {event}', '{actor}: {event}');
const UNKNOWN_LABEL = words('Hodisa', 'Событие', 'Event', 'Peristiwa');

/** What stands in for a value an old event does not hold. */
const MISSING = '—';

const OPTIONAL = /‹([^›]*)›/g;
const PLACEHOLDER = /\{(\w+)\}/g;
const FEMININE_ENDING = /\[([^\]]*)\]/g;

/** The placeholders a template names, in order (`{actor}` included). */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(PLACEHOLDER)].map((match) => match[1] as string);

const isPresent = (value: Filled): boolean =>
  value !== undefined && value !== null && (typeof value === 'string' ? value !== '' : value.text !== '');

const isPlain = (part: SentencePart) => !part.link && !part.strong && !part.missing;

/** The sentence of a template with its values: optional parts without their value go, then the names go in. */
function render(template: string, values: Record<string, Filled>, gender: 'm' | 'f' | null): SentencePart[] {
  const text = template
    .replace(OPTIONAL, (_, inner: string) => (placeholdersOf(inner).every((p) => isPresent(values[p])) ? inner : ''))
    .replace(FEMININE_ENDING, (_, ending: string) => (gender === 'f' ? ending : gender === 'm' ? '' : `(${ending})`));
  const parts: SentencePart[] = [];
  const push = (next: SentencePart) => {
    const last = parts.at(-1);
    // "Sobirov D." before ". Reason": one full stop, not two.
    const part = last?.text.endsWith('.') && next.text.startsWith('.') ? { ...next, text: next.text.slice(1) } : next;
    if (!part.text) return;
    if (last && isPlain(last) && isPlain(part)) last.text += part.text;
    else parts.push(part);
  };
  let at = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    push({ text: text.slice(at, match.index) });
    const value = values[match[1] as string];
    push(
      isPresent(value)
        ? typeof value === 'string'
          ? { text: value }
          : (value as SentencePart)
        : { text: MISSING, missing: true },
    );
    at = (match.index ?? 0) + match[0].length;
  }
  push({ text: text.slice(at) });
  return parts;
}

const definitionOf = (name: string): EventSentence | undefined =>
  Object.hasOwn(HISTORY_SENTENCES, name) ? HISTORY_SENTENCES[name as HistoryEventName] : undefined;

/** The sentence of an event, in parts: names that link to what they name, figures set apart. */
export function historySentenceParts(item: SentenceItem, ctx: SentenceContext): SentencePart[] {
  const actor: SentencePart = { text: item.actor?.name || SYSTEM[ctx.language], strong: true };
  const gender = item.actor ? item.actor.gender : 'f';
  const definition = definitionOf(item.name);
  if (!definition) {
    return render(UNKNOWN[ctx.language], { actor, event: `${UNKNOWN_LABEL[ctx.language]} ${item.name}` }, gender);
  }
  const tools = new SentenceTools(item, ctx);
  const variant = definition.variant?.(tools) ?? 'default';
  const templates = definition.templates[variant] ?? definition.templates.default;
  return render(templates[ctx.language], { ...definition.fill(tools), actor }, gender);
}

/** The sentence as plain text (the Excel file, a notice). */
export const historySentence = (item: SentenceItem, ctx: SentenceContext): string =>
  historySentenceParts(item, ctx)
    .map((part) => part.text)
    .join('');

/** An event type's name in a language (by its number or its name). */
export function historyEventLabel(event: number | string, language: Language): string {
  const name = typeof event === 'number' ? HISTORY_EVENT_NAMES[event as HistoryEventType] : event;
  const definition = name === undefined ? undefined : definitionOf(name);
  return definition ? definition.label[language] : `${UNKNOWN_LABEL[language]} ${String(event)}`;
}

/** Every event type for a filter: its number and name in the language, by name. */
export function historyEventOptions(language: Language): { value: HistoryEventType; label: string }[] {
  return (Object.entries(HistoryEvent) as [HistoryEventName, HistoryEventType][])
    .map(([name, value]) => ({ value, label: HISTORY_SENTENCES[name].label[language] }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
