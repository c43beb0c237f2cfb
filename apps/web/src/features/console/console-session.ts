import type { ConsoleAccount, ConsoleSession } from '@crm/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The console's sign-in, kept apart from a centre's session (session-store.ts): in sessionStorage, so it
 * ends with the tab — the console acts on every centre, and a forgotten tab should not stay signed in.
 */
const KEY = 'console_session';

export interface StoredConsoleSession {
  token: string;
  expiresAt: string;
  account: ConsoleAccount;
}

function read(): StoredConsoleSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as StoredConsoleSession | null;
    return stored && new Date(stored.expiresAt).getTime() > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

let snapshot = read();
const listeners = new Set<() => void>();

function commit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export const getConsoleSession = (): StoredConsoleSession | null => snapshot;

export function storeConsoleSession(session: ConsoleSession): void {
  const stored: StoredConsoleSession = {
    token: session.token,
    expiresAt: session.expires_at,
    account: session.account,
  };
  sessionStorage.setItem(KEY, JSON.stringify(stored));
  commit();
}

export function clearConsoleSession(): void {
  sessionStorage.removeItem(KEY);
  commit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useConsoleSession = (): StoredConsoleSession | null =>
  useSyncExternalStore(subscribe, getConsoleSession, getConsoleSession);
