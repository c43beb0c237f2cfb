import type { Lead, LeadBoard, LeadColumn, LeadSection } from '@crm/contracts';

/**
 * The board as the screen holds it: per column its own list of cards and its sections, each section a
 * list too. A list holds the first cards of the server's order (a prefix: the rest is paged in with
 * GET leads/more after the last one) and how many it has in all.
 */

/** A list's name: the column alone, or the column and a section. */
export type ListKey = string;
export const listKeyOf = (column: LeadColumn, sectionId: number | null): ListKey =>
  sectionId === null ? column : `${column}:${sectionId}`;

export interface BoardList {
  key: ListKey;
  column: LeadColumn;
  sectionId: number | null;
  cards: readonly Lead[];
  count: number;
}

export interface BoardSectionState extends LeadSection {
  list: BoardList;
}

export interface BoardColumnState {
  column: LeadColumn;
  uuid: string;
  /** The branch's own title; empty: the standard name in the user's language. */
  title: string;
  list: BoardList;
  sections: readonly BoardSectionState[];
}

export interface BoardState {
  branchId: number;
  columns: readonly BoardColumnState[];
}

/** The server's order of a list: position, then id. */
export const byPlace = (a: Pick<Lead, 'position' | 'id'>, b: Pick<Lead, 'position' | 'id'>) =>
  a.position - b.position || a.id - b.id;

/** More cards than the list holds: the rest comes page by page. */
export const hasMore = (list: BoardList) => list.cards.length < list.count;

/** Every card of a column, its own and its sections'. */
export const columnTotal = (column: BoardColumnState) =>
  column.sections.reduce((sum, section) => sum + section.list.count, column.list.count);

const listOfCards = (column: LeadColumn, sectionId: number | null, cards: readonly Lead[], count: number) => ({
  key: listKeyOf(column, sectionId),
  column,
  sectionId,
  cards,
  count,
});

export function boardStateOf(board: LeadBoard): BoardState {
  return {
    branchId: board.branch_id,
    columns: board.columns.map((column) => ({
      column: column.column,
      uuid: column.uuid,
      title: column.title,
      list: listOfCards(column.column, null, column.leads, column.count),
      sections: column.sections.map(({ leads, count, ...section }) => ({
        ...section,
        list: listOfCards(column.column, section.id, leads, count),
      })),
    })),
  };
}

export const allLists = (state: BoardState): BoardList[] =>
  state.columns.flatMap((column) => [column.list, ...column.sections.map((section) => section.list)]);

export const listOf = (state: BoardState, key: ListKey): BoardList | null =>
  allLists(state).find((list) => list.key === key) ?? null;

export function findCard(state: BoardState, uuid: string): { list: BoardList; index: number; lead: Lead } | null {
  for (const list of allLists(state)) {
    const index = list.cards.findIndex((card) => card.uuid === uuid);
    if (index >= 0) return { list, index, lead: list.cards[index] as Lead };
  }
  return null;
}

/** The state with one list replaced; every other column and section keeps its identity (memoised views skip them). */
export function withList(state: BoardState, key: ListKey, change: (list: BoardList) => BoardList): BoardState {
  return {
    ...state,
    columns: state.columns.map((column) => {
      if (column.list.key === key) return { ...column, list: change(column.list) };
      if (!column.sections.some((section) => section.list.key === key)) return column;
      return {
        ...column,
        sections: column.sections.map((section) =>
          section.list.key === key ? { ...section, list: change(section.list) } : section,
        ),
      };
    }),
  };
}

export function withColumn(
  state: BoardState,
  column: LeadColumn,
  change: (column: BoardColumnState) => BoardColumnState,
): BoardState {
  return { ...state, columns: state.columns.map((c) => (c.column === column ? change(c) : c)) };
}

/** The cards with `lead` put where the server's order puts it. */
export function insertSorted(cards: readonly Lead[], lead: Lead): Lead[] {
  let index = cards.findIndex((card) => byPlace(lead, card) < 0);
  if (index < 0) index = cards.length;
  return [...cards.slice(0, index), lead, ...cards.slice(index)];
}

/** A position between two neighbours (either may be missing), as the server computes one. */
export function positionBetween(before: number | undefined, after: number | undefined): number {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return (after as number) - 1024;
  if (after === undefined) return before + 1024;
  return (before + after) / 2;
}

export const sectionsInOrder = (sections: readonly BoardSectionState[]) =>
  [...sections].sort((a, b) => a.position - b.position || a.id - b.id);
