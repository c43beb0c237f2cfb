import type { CompanyType, Language } from '@crm/contracts';
import en from './en.json';
import id from './id.json';
import ru from './ru.json';
import uz from './uz.json';

export type MessageFile = typeof en;
type MessageTree = { [key: string]: string | MessageTree };

// Typing every file as the English one makes tsc refuse a file whose sections differ.
export const MESSAGE_FILES: Record<Language, MessageFile> = { uz, ru, en, id };

function overlay(base: MessageTree, patch: MessageTree): MessageTree {
  const merged: MessageTree = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? overlay(current, value) : value;
  }
  return merged;
}

/**
 * Spec §1: a kindergarten relabels students and teachers as kids and kindergarteners.
 * Each file's `kindergarten` section repeats only the keys it relabels.
 */
export function messagesFor(language: Language, companyType: CompanyType): MessageTree {
  const { kindergarten, ...base } = MESSAGE_FILES[language];
  return companyType === 'kindergarten' ? overlay(base, kindergarten) : base;
}
