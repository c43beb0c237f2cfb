/**
 * This tab's name on the board (`client_id` of every change it sends), so the store recognises the
 * echo of its own changes. One per page load: two tabs of one user are two boards.
 */
export const TAB_CLIENT_ID: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `tab-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A fresh uuid for a new section or a column title change (the API wants one on every change). */
export const newUuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ ((Math.random() * 16) >> (Number(c) / 4))).toString(16),
      );
