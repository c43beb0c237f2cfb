import type { ArchiveReason, ArchiveReasonInput } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { useCatalogMutations } from '../courses/catalog-api';

export const archiveReasonsKey = ['archive-reasons'] as const;

/** The whole list, active and inactive (a few dozen at most); the page filters it. */
export const useArchiveReasons = () =>
  useQuery({
    queryKey: archiveReasonsKey,
    queryFn: () => apiRequest<{ data: ArchiveReason[] }>('/archive_reasons'),
  });

/** DELETE answers whether the reason was deleted or, being in use, only deactivated. */
export const useArchiveReasonMutations = () =>
  useCatalogMutations<ArchiveReason, ArchiveReasonInput, ArchiveReasonInput, { ok: true; deactivated: boolean }>(
    '/archive_reasons',
    archiveReasonsKey,
  );
