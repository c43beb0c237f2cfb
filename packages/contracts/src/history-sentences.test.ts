import { describe, expect, it } from 'vitest';
import { HistoryEvent, type HistoryEventName } from './history.js';
import type { HistoryItem } from './history-api.js';
import { group, lead, SAMPLES } from './history-sentence-samples.js';
import {
  HISTORY_SENTENCES,
  historyEventLabel,
  historyEventOptions,
  historySentence,
  historySentenceParts,
  placeholdersOf,
} from './history-sentences.js';
import { LANGUAGES } from './locale.js';

const NAMES = Object.keys(HistoryEvent) as HistoryEventName[];
const NNBSP = '\u202f';
const NBSP = '\u00a0';

const item = (name: string, data: Record<string, unknown> = {}, over: Partial<HistoryItem> = {}): HistoryItem => ({
  id: 1,
  type: HistoryEvent[name as HistoryEventName] ?? 999,
  name,
  entity: 'user',
  entity_id: 7,
  branch_id: 1,
  actor: { id: 2, name: 'Aziza N.', gender: 'f' },
  data,
  refs: { person: null, group: null, lead: null },
  created_at: '2026-03-21T10:00:00.000Z',
  ...over,
});

const uz = { language: 'uz', currency: 'UZS' } as const;
const en = { language: 'en', currency: 'UZS' } as const;
const ru = { language: 'ru', currency: 'UZS' } as const;

describe('history sentences', () => {
  it('have every event type, and only event types', () => {
    expect(Object.keys(HISTORY_SENTENCES).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)('%s has its name and every wording in uz, ru, en and id', (name) => {
    const definition = HISTORY_SENTENCES[name];
    for (const language of LANGUAGES) {
      expect(definition.label[language]?.trim(), `${name} label ${language}`).toBeTruthy();
      for (const [variant, template] of Object.entries(definition.templates)) {
        expect(template[language]?.trim(), `${name}.${variant} ${language}`).toBeTruthy();
      }
    }
    // Really translated: the other languages do not repeat the English.
    for (const language of ['uz', 'ru', 'id'] as const)
      expect(definition.label[language]).not.toBe(definition.label.en);
  });

  it.each(NAMES)('%s names only placeholders it supplies', (name) => {
    const definition = HISTORY_SENTENCES[name];
    const supplied = new Set<string>(['actor', ...definition.placeholders]);
    for (const [variant, template] of Object.entries(definition.templates)) {
      for (const language of LANGUAGES) {
        for (const placeholder of placeholdersOf(template[language])) {
          expect(supplied.has(placeholder), `${name}.${variant} ${language} names {${placeholder}}`).toBe(true);
        }
        // The feminine ending is Russian grammar only.
        if (language !== 'ru') expect(template[language]).not.toMatch(/\[/);
      }
    }
  });

  it.each(NAMES)('%s says every recorded variant whole, in every language', (name) => {
    expect(SAMPLES[name].length, name).toBeGreaterThan(0);
    for (const [data, over] of SAMPLES[name]) {
      for (const language of LANGUAGES) {
        const ctx = { language, currency: 'UZS', branchName: (id: number) => `B${id}` };
        const parts = historySentenceParts(item(name, data, over), ctx);
        const text = historySentence(item(name, data, over), ctx);
        expect(text, `${name} ${language}: ${text}`).not.toMatch(/[{}[\]‹›]|undefined|NaN|null|\(а\)/);
        expect(
          parts.filter((part) => part.missing),
          `${name} ${language}: ${text}`,
        ).toEqual([]);
        expect(text.startsWith('Aziza N.') || name === 'leadAdded', text).toBe(true);
      }
    }
  });

  it.each(NAMES)('%s reads an old row that stored nothing, without holes', (name) => {
    for (const language of LANGUAGES) {
      const text = historySentence(item(name, {}, { entity: 'x', entity_id: null }), { language, currency: 'UZS' });
      expect(text, `${name} ${language}`).not.toMatch(/[{}[\]‹›]|undefined|NaN/);
      expect(text.length).toBeGreaterThan(8);
    }
  });
});

describe('the payment sentence', () => {
  const payment = item('balanceTopUp', {
    amount: 450_000,
    method: 'cash',
    student_name: 'Sobirov D.',
    group_id: 30,
    group_title: 'PY-BAS-1',
  });

  it('says who took how much from whom for which group, in each language', () => {
    const money = `450${NNBSP}000${NBSP}UZS`;
    expect(historySentence(payment, en)).toBe(
      `Aziza N. took a payment of ${money} from Sobirov D. for PY-BAS-1 (cash)`,
    );
    expect(historySentence(payment, ru)).toBe(
      `Aziza N. приняла оплату ${money} от студента Sobirov D. за группу PY-BAS-1 (наличные)`,
    );
    expect(historySentence(payment, uz)).toBe(
      `Aziza N. ${money} toʻlov qabul qildi: Sobirov D., PY-BAS-1 guruhi uchun (naqd)`,
    );
    expect(historySentence(payment, { language: 'id', currency: 'UZS' })).toBe(
      `Aziza N. menerima pembayaran ${money} dari Sobirov D. untuk PY-BAS-1 (tunai)`,
    );
  });

  it('words Russian verbs by the actor’s gender, and says both when it is not known', () => {
    const as = (gender: 'm' | 'f' | null) => historySentence({ ...payment, actor: { id: 2, name: 'A', gender } }, ru);
    expect(as('m')).toMatch(/^A принял оплату/);
    expect(as('f')).toMatch(/^A приняла оплату/);
    expect(as(null)).toMatch(/^A принял\(а\) оплату/);
  });

  it('writes amounts in the minor units of the currency', () => {
    expect(historySentence(payment, { language: 'en', currency: 'KZT' })).toContain(`4${NNBSP}500${NBSP}KZT`);
  });

  it('links the student and the group, and sets the amount apart', () => {
    const parts = historySentenceParts(
      { ...payment, refs: { person: { id: 7, name: 'Sobirov Doniyor', type: 'student' }, group: null, lead: null } },
      en,
    );
    expect(parts).toEqual([
      { text: 'Aziza N.', strong: true },
      { text: ' took a payment of ' },
      { text: `450${NNBSP}000${NBSP}UZS`, strong: true },
      { text: ' from ' },
      { text: 'Sobirov D.', strong: true, link: { kind: 'student', id: 7 } },
      { text: ' for ' },
      { text: 'PY-BAS-1', strong: true, link: { kind: 'group', id: 30 } },
      { text: ' (cash)' },
    ]);
  });

  it('falls back to today’s name, then to the id, when an old row stored no name', () => {
    const old = item('balanceTopUp', { amount: 1000 });
    const now = { person: { id: 7, name: 'Sobirov Doniyor', type: 'student' as const }, group: null, lead: null };
    expect(historySentence({ ...old, refs: now }, en)).toBe(
      `Aziza N. took a payment of 1${NNBSP}000${NBSP}UZS from Sobirov Doniyor`,
    );
    expect(historySentence(old, en)).toBe(`Aziza N. took a payment of 1${NNBSP}000${NBSP}UZS from #7`);
    expect(historySentence(item('balanceTopUp', {}), en)).toBe('Aziza N. took a payment of — from #7');
  });
});

describe('other sentences', () => {
  it('names the system when nobody of the staff acted, and the website form for its leads', () => {
    const login = item('userLoggedIn', {}, { actor: null });
    expect(historySentence(login, en)).toBe('The system signed in');
    const visitor = item('leadAdded', { via: 'public_form', name: 'Olim' }, { ...lead, actor: null });
    expect(historySentence(visitor, uz)).toBe('Saytdagi forma orqali yangi lid keldi: Olim');
    expect(historySentenceParts(visitor, uz).at(-1)).toEqual({
      text: 'Olim',
      strong: true,
      link: { kind: 'lead', id: 50 },
    });
  });

  it('links a person by what he is now, and not at all when he is gone', () => {
    const created = item('userCreated', { user_type: 'teacher', name: 'Karimov B.' });
    const teacher = { person: { id: 7, name: 'Karimov B.', type: 'teacher' as const }, group: null, lead: null };
    expect(historySentenceParts({ ...created, refs: teacher }, en).at(-1)?.link).toEqual({ kind: 'teacher', id: 7 });
    expect(historySentenceParts(created, en).at(-1)?.link).toBeUndefined();
  });

  it('does not link a deleted group', () => {
    const parts = historySentenceParts(item('groupDeleted', { title: 'PY-BAS-1' }, group), en);
    expect(parts.at(-1)).toEqual({ text: 'PY-BAS-1', strong: true });
  });

  it('names branches by the names it is given', () => {
    const moved = item('userMovedBranch', { name: 'Sobirov D.', from: [1], to: [2, 3] });
    const names = new Map([
      [1, 'Chilonzor'],
      [2, 'Yunusobod'],
    ]);
    expect(historySentence(moved, { ...en, branchName: (id) => names.get(id) })).toBe(
      'Aziza N. moved Sobirov D. between branches: Chilonzor → Yunusobod, #3',
    );
  });

  it('words an event type it does not know by its number', () => {
    expect(historySentence(item('unknown', {}, { type: 999 }), en)).toBe('Aziza N.: Event unknown');
    expect(historyEventLabel(999, 'ru')).toBe('Событие 999');
  });
});

describe('event type names', () => {
  it('are given by number or name in each language', () => {
    expect(historyEventLabel(HistoryEvent.balanceTopUp, 'uz')).toBe('Toʻlov qabul qilindi');
    expect(historyEventLabel('balanceTopUp', 'ru')).toBe('Принята оплата');
  });

  it('list every event type once for the filter, sorted by name', () => {
    const options = historyEventOptions('en');
    expect(options.map((o) => o.value).sort((a, b) => a - b)).toEqual(
      Object.values(HistoryEvent).sort((a, b) => a - b),
    );
    const labels = options.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
