import type { CompanyType, Language } from '@crm/contracts';
import type en from './en.json';

export type MessageFile = typeof en;
export type MessageTree = { [key: string]: string | MessageTree };

/**
 * The wording of one language is loaded when that language is first shown: the build puts each
 * language's files in a chunk of its own (vite.config.ts), so the log-in page carries one language,
 * not four. Each feature keeps its own wording in `features/<domain>/messages/<lang>.json` (top-level
 * sections merged into the app's tree, an optional `kindergarten` section too), so domains grow
 * without touching one shared file.
 */
const APP_FILES = import.meta.glob<MessageFile>('./*.json', { import: 'default' });
const FEATURE_FILES = import.meta.glob<MessageTree>('../features/*/messages/*.json', { import: 'default' });

const appFiles: Partial<Record<Language, MessageFile>> = {};
/** Feature message files by feature, then language (the languages loaded so far). */
export const FEATURE_MESSAGES: Record<string, Partial<Record<Language, MessageTree>>> = {};

export const isLoaded = (language: Language): boolean => appFiles[language] !== undefined;

/** Loads the app's and every feature's file of a language (once). */
export async function loadMessages(language: Language): Promise<void> {
  if (isLoaded(language)) return;
  const load = APP_FILES[`./${language}.json`];
  if (!load) throw new Error(`no messages for ${language}`);
  const features = Object.entries(FEATURE_FILES).filter(([path]) => path.endsWith(`/${language}.json`));
  const [app, ...trees] = await Promise.all([load(), ...features.map(([, loadFeature]) => loadFeature())]);
  features.forEach(([path], index) => {
    const feature = path.match(/features\/([^/]+)\/messages\//)?.[1];
    if (feature) FEATURE_MESSAGES[feature] = { ...FEATURE_MESSAGES[feature], [language]: trees[index] };
  });
  appFiles[language] = app as MessageFile;
}

/** The app's own file of a loaded language. */
export function messageFile(language: Language): MessageFile {
  const file = appFiles[language];
  if (!file) throw new Error(`messages of ${language} are not loaded`);
  return file;
}

function overlay(base: MessageTree, patch: MessageTree): MessageTree {
  const merged: MessageTree = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? overlay(current, value) : value;
  }
  return merged;
}

/** The whole tree of a loaded language: the app's file with every feature's file merged in. */
export function allMessages(language: Language): MessageTree {
  return Object.values(FEATURE_MESSAGES).reduce<MessageTree>(
    (tree, feature) => overlay(tree, feature[language] ?? {}),
    messageFile(language),
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
