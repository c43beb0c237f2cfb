import { useState } from 'react';

/**
 * A fresh Idempotency-Key (ARCHITECTURE.md "Money"). `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); a company served over plain http still gets a random key from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The key of one opening of a money dialog, made when its body mounts (the dialogs destroy their body
 * when closed). Every submit of that opening, a double click or a retry after a network error, sends
 * the same key, so the server books the money once; opening the dialog again is a new movement.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey);
  return key;
}
