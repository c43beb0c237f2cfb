import { ERROR_CODES, LANGUAGES } from '@crm/contracts';
import { describe, expect, it } from 'vitest';
import { allMessages, FEATURE_MESSAGES, messageFile, messagesFor } from './messages';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const at = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe('message files', () => {
  const englishKeys = keysOf(messageFile('en')).sort();

  it.each(LANGUAGES)('%s has exactly the keys of en, none of them empty', (language) => {
    const file: Tree = messageFile(language);
    expect(keysOf(file).sort()).toEqual(englishKeys);
    for (const key of englishKeys) expect(String(at(file, key)).trim(), key).not.toBe('');
  });

  it.each(LANGUAGES)('%s translates every error code of the contracts', (language) => {
    for (const code of ERROR_CODES)
      expect(at(messageFile(language), `errors.${code}`), code).toEqual(expect.any(String));
  });

  it.each(LANGUAGES)('%s relabels only keys that exist outside the kindergarten section', (language) => {
    const { kindergarten, ...base } = allMessages(language);
    for (const key of keysOf(kindergarten as Tree)) expect(at(base, key), key).toEqual(expect.any(String));
  });

  it('has every feature speak all four languages with the same keys', () => {
    expect(Object.keys(FEATURE_MESSAGES)).toContain('rooms');
    for (const [feature, files] of Object.entries(FEATURE_MESSAGES)) {
      const english = keysOf(files.en ?? {}).sort();
      expect(english.length, feature).toBeGreaterThan(0);
      for (const language of LANGUAGES) {
        const file = files[language] ?? {};
        expect(keysOf(file).sort(), `${feature}/${language}`).toEqual(english);
        for (const key of english) expect(String(at(file, key)).trim(), `${feature}/${language}:${key}`).not.toBe('');
      }
    }
  });

  it('lets no feature overwrite a key of the app or of another feature', () => {
    const owners = new Map<string, string>(keysOf(messageFile('en')).map((key) => [key, 'app']));
    for (const [feature, files] of Object.entries(FEATURE_MESSAGES)) {
      for (const key of keysOf(files.en ?? {}).filter((k) => !k.startsWith('kindergarten.'))) {
        expect(owners.get(key), `${feature} redefines ${key}`).toBeUndefined();
        owners.set(key, feature);
      }
    }
  });

  it('is really translated: the languages do not share their sentences', () => {
    for (const language of ['uz', 'ru', 'id'] as const) {
      expect(at(allMessages(language), 'rooms.add')).not.toBe(at(allMessages('en'), 'rooms.add'));
      expect(at(messageFile(language), 'errors.wrong_credentials')).not.toBe(
        messageFile('en').errors.wrong_credentials,
      );
    }
  });
});

describe('messagesFor', () => {
  it('relabels students and teachers in a kindergarten', () => {
    expect(at(messagesFor('en', 'training_center'), 'nav.students')).toBe('Students');
    expect(at(messagesFor('en', 'kindergarten'), 'nav.students')).toBe('Kids');
    expect(at(messagesFor('en', 'kindergarten'), 'nav.teachers')).toBe('Kindergarteners');
    expect(at(messagesFor('uz', 'kindergarten'), 'nav.students')).toBe('Bolalar');
    expect(at(messagesFor('ru', 'kindergarten'), 'roles.7')).toBe('Ребёнок');
  });

  it('keeps every other key and drops the overlay section itself', () => {
    const kindergarten = messagesFor('ru', 'kindergarten');
    expect(at(kindergarten, 'nav.rooms')).toBe(messageFile('ru').nav.rooms);
    expect(at(kindergarten, 'kindergarten')).toBeUndefined();
    expect(keysOf(kindergarten).sort()).toEqual(keysOf(messagesFor('ru', 'training_center')).sort());
  });
});
