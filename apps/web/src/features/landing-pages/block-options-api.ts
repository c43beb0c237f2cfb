import { formRoutes, type LandingChoices, landingRoutes } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api';

/** What a block may show from the centre's own data, as choices: read once a minute at most. */
const OPTIONS_STALE = 60_000;
/** The largest page the forms list answers: a centre's forms fit in one. */
const ALL = 500;

export interface Option {
  value: number;
  label: string;
}

/**
 * GET /landing-pages/choices: the catalogue's top-level courses and the teachers a page may show, names only
 * (open to the forms roles: a marketer builds pages but may not list courses or teachers elsewhere).
 */
const useLandingChoices = <T>(select: (answer: LandingChoices) => T) =>
  useQuery({
    queryKey: ['landing-pages', 'choices'],
    queryFn: () => api(landingRoutes.choices, {}),
    select,
    staleTime: OPTIONS_STALE,
  });

const asOptions = (list: readonly { id: number; name: string }[]): Option[] =>
  list.map((item) => ({ value: item.id, label: item.name }));

export const useCourseChoices = () => useLandingChoices((answer) => asOptions(answer.courses));
export const useTeacherChoices = () => useLandingChoices((answer) => asOptions(answer.teachers));

/** GET /form?status=published: the published forms a page may embed (an audit form has no public page). */
export const useLeadFormChoices = () =>
  useQuery({
    queryKey: ['forms', 'landing-options'],
    queryFn: () => api(formRoutes.list, { query: { status: 'published', page: 1, per_page: ALL } }),
    select: (answer): Option[] =>
      answer.data.filter((form) => form.kind !== 'audit').map((form) => ({ value: form.id, label: form.title })),
    staleTime: OPTIONS_STALE,
  });
