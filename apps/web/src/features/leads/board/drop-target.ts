import { type BoardState, findCard, type ListKey, listOf } from './board-lists';
import type { MoveTarget } from './board-store';

/** What a dragged card is over: another card, or a list itself (a column or section header, an empty list). */
export type DropOver = { kind: 'card'; uuid: string } | { kind: 'list'; key: ListKey };

/**
 * Where a card dropped on `over` lands, as the API says it (the list, and the card it lands after), or
 * null when it would stay where it is. Dropped on a card: in that card's place — after it when moving
 * down its own list, before it otherwise (the sortable list's own rule). Dropped on a list: at its top.
 */
export function dropTarget(state: BoardState, activeUuid: string, over: DropOver): MoveTarget | null {
  const from = findCard(state, activeUuid);
  if (!from) return null;
  if (over.kind === 'list') {
    const list = listOf(state, over.key);
    if (!list) return null;
    if (list.key === from.list.key && from.index === 0) return null;
    return { column: list.column, sectionId: list.sectionId, afterUuid: null };
  }
  if (over.uuid === activeUuid) return null;
  const to = findCard(state, over.uuid);
  if (!to) return null;
  const { list } = to;
  const sameList = list.key === from.list.key;
  if (sameList && from.index < to.index)
    return { column: list.column, sectionId: list.sectionId, afterUuid: over.uuid };
  // Up its own list or into another one: before the card hovered, i.e. after that card's predecessor.
  const before = list.cards[to.index - 1];
  return { column: list.column, sectionId: list.sectionId, afterUuid: before?.uuid ?? null };
}
