import {
  isWebsiteLeadSource,
  type LeadGroupOption,
  type LeadReason,
  type LeadSource,
  type LeadStaffList,
  type Tag,
} from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { apiRequest } from '../../shared/api/api-client';
import { useCatalogMutations } from '../courses/catalog-api';
import { leadsKey } from './leads-api';

/** The choices of the lead forms and the search bar: sources, deletion reasons, tags, staff. */

const optionsStale = 60_000;
export const sourcesKey = [...leadsKey, 'sources'] as const;
export const reasonsKey = [...leadsKey, 'reasons'] as const;

/**
 * Spec §3 lead sources, every one (`all=1`): the settings show them all, the search finds leads of a
 * retired source, and the form offers the active ones plus the lead's own.
 */
export const useLeadSources = () =>
  useQuery({
    queryKey: sourcesKey,
    queryFn: () =>
      apiRequest<{ data: LeadSource[] }>('/leadSource', { query: { all: 1 } }).then((answer) => answer.data),
    staleTime: optionsStale,
  });

/** A source or reason in use is deactivated rather than deleted (the answer says which). */
type Deleted = { ok: true; deactivated?: boolean };

export const useLeadSourceMutations = () =>
  useCatalogMutations<LeadSource, { name: string; active: boolean }, { name: string; active: boolean }, Deleted>(
    '/leadSource',
    sourcesKey,
  );

/** Deletion reasons: the active ones (to archive a lead) or all (`all`, the reasons page). */
export const useLeadReasons = (all = false, enabled = true) =>
  useQuery({
    queryKey: [...reasonsKey, all ? 'all' : 'active'],
    queryFn: () =>
      apiRequest<{ data: LeadReason[] }>('/leads/archive-reason', { query: { all: all ? 1 : undefined } }).then(
        (answer) => (all ? answer.data : answer.data.filter((reason) => reason.active)),
      ),
    staleTime: all ? 0 : optionsStale,
    enabled,
  });

export const useLeadReasonMutations = () =>
  useCatalogMutations<LeadReason, { title: string; active: boolean }, { title: string; active: boolean }, Deleted>(
    '/leads/archive-reason',
    reasonsKey,
  );

/** Spec §3 Tag type 3: lead tags. */
export const useLeadTags = () =>
  useQuery({
    queryKey: ['tags', 'lead-options'],
    queryFn: () => apiRequest<{ data: Tag[] }>('/tags', { query: { type: 3 } }).then((answer) => answer.data),
    staleTime: optionsStale,
  });

export interface PersonOption {
  id: number;
  name: string;
}

/**
 * Who can be a lead's responsible: the branch's users who work with leads (GET /leads/staff, open to
 * everyone on the board, a marketer too), plus the people already named on the leads shown, so a
 * lead keeps its responsible in the form after he moved to another branch.
 */
export function useResponsibleOptions(branchId: number, known: readonly (PersonOption | null | undefined)[] = []) {
  const staff = useQuery({
    queryKey: [...leadsKey, 'staff', branchId],
    queryFn: () =>
      apiRequest<LeadStaffList>('/leads/staff', { query: { branch_id: branchId } }).then((answer) => answer.data),
    enabled: branchId > 0,
    staleTime: optionsStale,
  });
  const people = new Map<number, string>();
  for (const person of [...(staff.data ?? []), ...known]) {
    if (person) people.set(person.id, person.name);
  }
  return [...people].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The groups a lead of the branch can join on trial (GET /leads/groups: a marketer may ask too). */
export const useLeadGroupOptions = (branchId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...leadsKey, 'groups', branchId],
    queryFn: () =>
      apiRequest<{ data: LeadGroupOption[] }>('/leads/groups', { query: { branch_id: branchId } }).then(
        (answer) => answer.data,
      ),
    enabled: enabled && branchId > 0,
  });

/** A source's name to show: the public form's own in the user's language, a company's own as named. */
export function leadSourceName(t: TFunction, name: string): string;
export function leadSourceName(t: TFunction, name: string | null): string | null;
export function leadSourceName(t: TFunction, name: string | null) {
  return name !== null && isWebsiteLeadSource(name) ? t('leads.sources.website') : name;
}

/** Sources as select options, by their shown name. */
export const leadSourceOptions = (t: TFunction, sources: readonly LeadSource[]) =>
  sources.map((source) => ({ value: source.id, label: leadSourceName(t, source.name) }));
