import type { Lead, LeadColumn } from '@crm/contracts';
import type { TFunction } from 'i18next';
import type { LeadFilters } from '../leads-api';
import type { BoardState } from './board-lists';
import type { MoveTarget } from './board-store';

/** What a card offers (its menu, the drawer); the page decides what each opens. */
export interface CardActions {
  open(lead: Lead): void;
  moveTo(lead: Lead, target: MoveTarget): void;
  archive(lead: Lead): void;
  /** Null when the user works in one branch only. */
  toBranch: ((lead: Lead) => void) | null;
  /** Null where the view offers no conversion (on the leads page everyone may: decision 0015). */
  toStudent: ((lead: Lead) => void) | null;
}

/** What every view of the leads (filtered board, list) shows them with. */
export interface LeadViewProps {
  branchId: number;
  filters: LeadFilters;
  state: BoardState | null;
  country: string;
  actions: CardActions;
  places: MoveOption[];
}

/** A place a card can be sent to with the "Move to…" menu: a column or one of its sections. */
export interface MoveOption {
  column: LeadColumn;
  sectionId: number | null;
  label: string;
}

/** Spec §4 column names: the branch's own title, else the standard name in the user's language. */
export const columnName = (t: TFunction, column: LeadColumn, title = '') => title || t(`leads.columns.${column}`);

export function moveOptions(t: TFunction, state: BoardState | null): MoveOption[] {
  if (!state) {
    return (['incoming', 'waiting', 'set'] as const).map((column) => ({
      column,
      sectionId: null,
      label: columnName(t, column),
    }));
  }
  return state.columns.flatMap((column) => {
    const name = columnName(t, column.column, column.title);
    return [
      { column: column.column, sectionId: null, label: name },
      ...column.sections.map((section) => ({
        column: column.column,
        sectionId: section.id,
        label: `${name} › ${section.title}`,
      })),
    ];
  });
}
