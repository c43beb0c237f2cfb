import { type Branch, type BranchArchiveInput, type BranchInput, branchRoutes } from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import { ME_KEY } from '../auth/auth-api';

const BRANCHES_KEY = ['branches'] as const;

/** The signed-in user's branches (GET /branch): the list every screen and the header's switcher use. */
export const useBranches = () =>
  useQuery({
    queryKey: BRANCHES_KEY,
    queryFn: () => apiRequest<{ data: Branch[] }>('/branch').then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });

const adminKey = ['branches-admin'] as const;

/** GET /branch/all: working (`archived` false) or archived branches, with their counts and the caller's policies. */
export const useAdminBranches = (archived: boolean) =>
  useQuery({
    queryKey: [...adminKey, archived],
    queryFn: () => api(branchRoutes.listBranchesForAdmin, { query: { archived: archived ? '1' : '0' } }),
    placeholderData: keepPreviousData,
  });

/** GET /branch/{id}/archive-preview: asked afresh each time the archive dialog opens. */
export const useArchivePreview = (id: number | null) =>
  useQuery({
    queryKey: [...adminKey, 'archive-preview', id],
    queryFn: () => api(branchRoutes.previewBranchArchive, { params: { id: id as number } }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });

/**
 * Branch writes. Each refreshes the admin lists, the everyday list (header switcher, pickers) and the
 * signed-in user, whose branches (and so the chosen branch, if it was archived) may have changed.
 */
export function useBranchMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKey }),
      queryClient.invalidateQueries({ queryKey: BRANCHES_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_KEY }),
    ]);
  const create = useMutation({
    mutationFn: (body: BranchInput) => api(branchRoutes.createBranch, { body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, ...body }: BranchInput & { id: number }) =>
      api(branchRoutes.updateBranch, { params: { id }, body }),
    onSuccess,
  });
  const archive = useMutation({
    mutationFn: ({ id, ...body }: BranchArchiveInput & { id: number }) =>
      api(branchRoutes.archiveBranch, { params: { id }, body: body as BranchArchiveInput }),
    onSuccess,
  });
  const restore = useMutation({
    mutationFn: (id: number) => api(branchRoutes.restoreBranch, { params: { id } }),
    onSuccess,
  });
  return { create, update, archive, restore };
}
