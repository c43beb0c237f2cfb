import {
  COMPANY_IMAGE,
  FORM_PICTURE,
  type LandingPage,
  type LandingPageInput,
  type LoginLookInput,
  landingRoutes,
} from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { ApiError } from '../../shared/api/api-error';

const landingKey = ['landing-pages'] as const;
const listKey = [...landingKey, 'list'] as const;
const pageKey = (id: number) => [...landingKey, 'page', id] as const;
const loginLookKey = ['login-look'] as const;

/** GET /landing-pages: the company's pages (without their blocks). */
export const useLandingPages = () => useQuery({ queryKey: listKey, queryFn: () => api(landingRoutes.list) });

/** GET /landing-pages/{id}: a page with its blocks, for the editor. */
export const useLandingPage = (id: number) =>
  useQuery({ queryKey: pageKey(id), queryFn: () => api(landingRoutes.get, { params: { id } }) });

/**
 * Creating, saving and deleting pages; the list is read again after each. Field refusals (400, the slug's 409)
 * are the editor's to word, so they are not announced app-wide.
 */
export function useLandingWrites() {
  const queryClient = useQueryClient();
  const remember = (page: LandingPage) => {
    queryClient.setQueryData(pageKey(page.id), page);
    return queryClient.invalidateQueries({ queryKey: listKey });
  };
  const create = useMutation({
    mutationFn: (body: LandingPageInput) => api(landingRoutes.create, { body }),
    onSuccess: remember,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: LandingPageInput }) =>
      api(landingRoutes.update, { params: { id }, body }),
    onSuccess: remember,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(landingRoutes.delete, { params: { id } }),
    onSuccess: (_ok, id) => {
      queryClient.removeQueries({ queryKey: pageKey(id) });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  return { create, update, remove };
}

/** The browser's own check of a picture before a byte is sent, worded as the server would refuse it. */
export function pictureProblem(file: Pick<File, 'type' | 'size'>): ApiError | null {
  if (!(COMPANY_IMAGE.types as readonly string[]).includes(file.type))
    return new ApiError(415, 'image_type_refused', '');
  if (file.size > FORM_PICTURE.maxBytes) return new ApiError(413, 'image_too_large', '');
  return null;
}

/** GET /login-look: the log-in page's look with the company's logo and backgrounds to choose from. */
export const useLoginLook = () => useQuery({ queryKey: loginLookKey, queryFn: () => api(landingRoutes.loginLook) });

export function useSaveLoginLook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginLookInput) => api(landingRoutes.saveLoginLook, { body }),
    onSuccess: (saved) => queryClient.setQueryData(loginLookKey, saved),
  });
}
