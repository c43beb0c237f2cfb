import type { Lead } from '@crm/contracts';
import { type BoardColumnState, type BoardList, type BoardSectionState, hasMore, type ListKey } from './board-lists';

/**
 * A column as one scrolling list of rows, so it is virtualised as a whole: its own cards, then each
 * section's header and (unless collapsed) its cards. A list with more cards on the server ends in a
 * `more` row that loads the next page when it scrolls into view; an empty list shows a drop place.
 */
export type ColumnRow =
  | { kind: 'card'; key: string; lead: Lead; list: ListKey }
  | { kind: 'more'; key: string; list: ListKey }
  | { kind: 'empty'; key: string; list: ListKey }
  | { kind: 'section'; key: string; section: BoardSectionState; collapsed: boolean };

const listRows = (list: BoardList): ColumnRow[] => [
  ...list.cards.map((lead) => ({ kind: 'card' as const, key: lead.uuid, lead, list: list.key })),
  ...(hasMore(list) ? [{ kind: 'more' as const, key: `more:${list.key}`, list: list.key }] : []),
  ...(list.cards.length === 0 && !hasMore(list)
    ? [{ kind: 'empty' as const, key: `empty:${list.key}`, list: list.key }]
    : []),
];

export function columnRows(column: BoardColumnState, collapsed: ReadonlySet<number>): ColumnRow[] {
  const rows = listRows(column.list);
  for (const section of column.sections) {
    const closed = collapsed.has(section.id);
    rows.push({ kind: 'section', key: `section:${section.uuid}`, section, collapsed: closed });
    if (!closed) rows.push(...listRows(section.list));
  }
  return rows;
}

/** A first guess of a row's height; the virtualiser measures the real one once it is shown. */
export const rowEstimate = (row: ColumnRow) =>
  row.kind === 'card' ? 118 + (row.lead.tags.length ? 26 : 0) : row.kind === 'section' ? 48 : 56;
