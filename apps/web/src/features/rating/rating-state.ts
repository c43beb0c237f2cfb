import { RATING_SCOPES, type RatingQuery, type RatingScope } from '@crm/contracts';
import { useSearchPatch } from '../../shared/url/use-search-patch';

export const RATING_PER_PAGE = 20;

export interface RatingState {
  scope: RatingScope;
  /** The group, course or branch ranked; undefined for the centre, or until one is chosen. */
  id: number | undefined;
  /** YYYY-MM; undefined: all time. */
  month: string | undefined;
  page: number;
}

const scopeOf = (value: string | null): RatingScope => RATING_SCOPES.find((scope) => scope === value) ?? 'centre';

const monthOf = (value: string | null): string | undefined =>
  value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined;

/** The page's choices as the address gives them; a branch rating opens on the header's branch. */
export function ratingStateOf(params: URLSearchParams, headerBranch: number | null): RatingState {
  const scope = scopeOf(params.get('scope'));
  const chosen = Number(params.get('id'));
  const id = scope === 'centre' ? undefined : Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  return {
    scope,
    id: id ?? (scope === 'branch' ? (headerBranch ?? undefined) : undefined),
    month: monthOf(params.get('month')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** What GET /rating is asked, or null while the scope still needs its group or course. */
export const ratingQueryOf = (state: RatingState): RatingQuery | null =>
  state.scope !== 'centre' && state.id === undefined
    ? null
    : { scope: state.scope, id: state.id, month: state.month, page: state.page, per_page: RATING_PER_PAGE };

/**
 * Scope, group/course/branch, month and page live in the address, so a rating can be shared and survives a
 * reload. Any other choice than the page starts again at page one (spec §5), and another scope forgets the id
 * (a group's id means nothing as a course's).
 */
export function useRatingState(headerBranch: number | null) {
  const [params, patch] = useSearchPatch();
  const state = ratingStateOf(params, headerBranch);

  return {
    state,
    setScope: (scope: RatingScope) =>
      patch({ scope: scope === 'centre' ? undefined : scope, id: undefined, page: undefined }),
    setId: (id: number | undefined) => patch({ id: id ? String(id) : undefined, page: undefined }),
    setMonth: (month: string | undefined) => patch({ month, page: undefined }),
    setPage: (page: number) => patch({ page: page > 1 ? String(page) : undefined }),
  };
}
