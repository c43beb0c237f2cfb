import { LEAD_PAGE_SIZE, type Lead, type LeadColumn, type LeadIncrement, type LeadSection } from '@crm/contracts';
import {
  allLists,
  type BoardState,
  byPlace,
  findCard,
  hasMore,
  insertSorted,
  type ListKey,
  listKeyOf,
  listOf,
  positionBetween,
  sectionsInOrder,
  withColumn,
  withList,
} from './board-lists';

/**
 * The changes of the board's state, as pure functions: each takes a state and answers the next one
 * (the store decides which to apply and when).
 */

export interface MoveTarget {
  column: LeadColumn;
  sectionId: number | null;
  /** The card it lands after; null: at the top of the list. */
  afterUuid: string | null;
}

/** The state without the card, or null when it is not shown. */
export function withoutCard(state: BoardState, uuid: string): { state: BoardState; lead: Lead; list: ListKey } | null {
  const found = findCard(state, uuid);
  if (!found) return null;
  return {
    lead: found.lead,
    list: found.list.key,
    state: withList(state, found.list.key, (list) => ({
      ...list,
      cards: list.cards.filter((card) => card.uuid !== uuid),
      count: list.count - 1,
    })),
  };
}

/** A card dropped somewhere by this user: in that place at once, its position between its new neighbours. */
export function withCardMoved(state: BoardState, uuid: string, target: MoveTarget): BoardState | null {
  const key = listKeyOf(target.column, target.sectionId);
  const taken = listOf(state, key) && withoutCard(state, uuid);
  if (!taken) return null;
  return withList(taken.state, key, (list) => {
    const after = target.afterUuid === null ? -1 : list.cards.findIndex((card) => card.uuid === target.afterUuid);
    const index = target.afterUuid !== null && after < 0 ? list.cards.length : after + 1;
    const position = positionBetween(list.cards[index - 1]?.position, list.cards[index]?.position);
    const lead: Lead = { ...taken.lead, column: target.column, section_id: target.sectionId, position };
    return { ...list, cards: [...list.cards.slice(0, index), lead, ...list.cards.slice(index)], count: list.count + 1 };
  });
}

/**
 * A record's card taken from where it was: from its list when shown (answered with that list), else
 * only counted off the list the record says it left (`alreadyGone`: this board took it off itself).
 */
export function takeOff(state: BoardState, record: LeadIncrement, alreadyGone: boolean) {
  const shown = withoutCard(state, record.uuid);
  if (shown) return { state: shown.state, shownIn: shown.list as ListKey | null };
  const where = record.location;
  if (alreadyGone || record.action === 'create' || !where) return { state, shownIn: null };
  const from =
    record.action === 'delete' || !where.old_column
      ? listKeyOf(where.column, where.section)
      : listKeyOf(where.old_column, where.old_section ?? null);
  const counted = withList(state, from, (list) => ({ ...list, count: Math.max(list.cards.length, list.count - 1) }));
  return { state: counted, shownIn: null };
}

/**
 * The card where the record puts it: shown when that place is among the loaded cards (or it was shown
 * in that list already), else only counted — paging brings it. Null: the list is unknown here.
 */
export function place(state: BoardState, lead: Lead, shownIn: ListKey | null): BoardState | null {
  const key = listKeyOf(lead.column, lead.section_id);
  const list = listOf(state, key);
  if (!list) return null;
  const last = list.cards.at(-1);
  const show = !hasMore(list) || shownIn === key || (last !== undefined && byPlace(lead, last) < 0);
  return withList(state, key, (l) => ({
    ...l,
    cards: show ? insertSorted(l.cards, lead) : l.cards,
    count: l.count + 1,
  }));
}

/** A section created or renamed. */
export function withSection(state: BoardState, section: LeadSection): BoardState {
  return withColumn(state, section.column, (column) => {
    const known = column.sections.some((s) => s.id === section.id);
    const sections = known
      ? column.sections.map((s) =>
          s.id === section.id ? { ...s, title: section.title, position: section.position } : s,
        )
      : [
          ...column.sections,
          {
            ...section,
            list: {
              key: listKeyOf(section.column, section.id),
              column: section.column,
              sectionId: section.id,
              cards: [],
              count: 0,
            },
          },
        ];
    return { ...column, sections: sectionsInOrder(sections) };
  });
}

export const withColumnTitle = (state: BoardState, column: LeadColumn, title: string) =>
  withColumn(state, column, (c) => ({ ...c, title }));

/**
 * The next page of a list appended. A card shown elsewhere (moved meanwhile) or gone keeps what the
 * records said; a short page means the list has no more.
 */
export function withPage(state: BoardState, key: ListKey, page: readonly Lead[], gone: ReadonlyMap<string, number>) {
  const list = listOf(state, key);
  if (!list) return state;
  const shown = new Set(allLists(state).flatMap((l) => l.cards.map((card) => card.uuid)));
  const fresh = page.filter((lead) => !shown.has(lead.uuid) && !gone.has(lead.uuid));
  const cards = [...list.cards, ...fresh].sort(byPlace);
  const count = page.length < LEAD_PAGE_SIZE ? cards.length : Math.max(list.count, cards.length);
  return withList(state, key, (l) => ({ ...l, cards, count }));
}
