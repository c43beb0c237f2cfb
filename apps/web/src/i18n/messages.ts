import type { CompanyType, Language } from '@crm/contracts';
import en from './en.json';
import id from './id.json';
import ru from './ru.json';
import uz from './uz.json';

export type MessageFile = typeof en;
export type MessageTree = { [key: string]: string | MessageTree };

// Typing every file as the English one makes tsc refuse a file whose sections differ.
export const MESSAGE_FILES: Record<Language, MessageFile> = { uz, ru, en, id };

/**
 * Each feature keeps its own wording in `features/<domain>/messages/<lang>.json`
 * (top-level sections merged into the app's tree, an optional `kindergarten`
 * section too), so domains grow without touching one shared file.
 */
const FEATURE_FILES = import.meta.glob<MessageTree>('../features/*/messages/*.json', {
  eager: true,
  import: 'default',
});

/** Feature message files by feature, then language. */
export const FEATURE_MESSAGES: Record<string, Partial<Record<Language, MessageTree>>> = {};
for (const [path, tree] of Object.entries(FEATURE_FILES)) {
  const [, feature, language] = path.match(/features\/([^/]+)\/messages\/(\w+)\.json$/) ?? [];
  if (!feature || !language) continue;
  const files = FEATURE_MESSAGES[feature] ?? {};
  files[language as Language] = tree;
  FEATURE_MESSAGES[feature] = files;
}

function overlay(base: MessageTree, patch: MessageTree): MessageTree {
  const merged: MessageTree = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? overlay(current, value) : value;
  }
  return merged;
}

/** The whole tree of one language: the app's file with every feature's file merged in. */
export function allMessages(language: Language): MessageTree {
  return Object.values(FEATURE_MESSAGES).reduce<MessageTree>(
    (tree, feature) => overlay(tree, feature[language] ?? {}),
    MESSAGE_FILES[language],
  );
}

/**
 * Spec §1: a kindergarten relabels students and teachers as kids and kindergarteners.
 * Each `kindergarten` section repeats only the keys it relabels.
 */
export function messagesFor(language: Language, companyType: CompanyType): MessageTree {
  const { kindergarten, ...base } = allMessages(language);
  return companyType === 'kindergarten' && typeof kindergarten === 'object' ? overlay(base, kindergarten) : base;
}
