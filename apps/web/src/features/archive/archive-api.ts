import { type ArchiveKind, type ArchiveListQuery, archiveRoutes } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { groupsKey } from '../groups/groups-api';
import { leadsKey } from '../leads/board-query';
import { peopleKey } from '../users/users-api';

export const ARCHIVE_PER_PAGE = 20;
const archiveKey = ['archive'] as const;

/** What the page asks: the list's filters without the paging the hook adds. */
export type ArchiveFilters = Omit<ArchiveListQuery, 'page' | 'per_page'>;

/** GET /archive: one page of the branch's archive and the number of each kind. */
export const useArchiveList = (filters: ArchiveFilters, page: number) =>
  useQuery({
    queryKey: [...archiveKey, filters, page],
    queryFn: () => api(archiveRoutes.listArchive, { query: { ...filters, page, per_page: ARCHIVE_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** The screens a restored row of each kind comes back to (people lists, groups, the lead board). */
const ownerKey: Record<ArchiveKind, readonly string[]> = {
  student: peopleKey,
  teacher: peopleKey,
  staff: peopleKey,
  group: groupsKey,
  lead: leadsKey,
};

/** POST /archive/{kind}/{id}/restore; refreshes the archive and the restored row's own screens. */
export function useRestoreArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (row: { kind: ArchiveKind; id: number }) => api(archiveRoutes.restoreArchived, { params: row }),
    onSuccess: (_, row) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: archiveKey }),
        queryClient.invalidateQueries({ queryKey: ownerKey[row.kind] }),
      ]),
  });
}
