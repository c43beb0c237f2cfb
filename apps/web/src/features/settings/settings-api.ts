import {
  COMPANY_IMAGE,
  type CompanyPublic,
  type CompanySettings,
  type CompanySettingsUpdate,
  companyRoutes,
} from '@crm/contracts';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, routePath } from '../../shared/api/api';
import { apiRequest } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { uploadSpreadsheet } from '../../shared/spreadsheet-import/upload-spreadsheet';
import { ME_KEY } from '../auth/auth-api';

export const companySettingsKey = (id: number | undefined) => ['company', id, 'settings'] as const;

/** GET /company/byid/{id}: every field the settings page edits, and whether the caller may edit them. */
export const useCompanySettings = (id: number | undefined) =>
  useQuery({
    queryKey: companySettingsKey(id),
    queryFn: () => api(companyRoutes.getCompanySettings, { params: { id: id as number } }),
    enabled: id !== undefined,
  });

/**
 * The shell (menu logo, company name, the group form's time step) reads the company from the stored
 * session; reading the signed-in user again (/auth/me) stores the changed company there, and every
 * screen that reads the session redraws.
 */
async function refreshCompanyEverywhere(queryClient: QueryClient, id: number | undefined) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companySettingsKey(id) }),
    queryClient.invalidateQueries({ queryKey: ME_KEY }),
  ]);
}

/** Puts what a save answered into the page's copy at once, before the page's own re-read arrives. */
function patchSettings(queryClient: QueryClient, id: number | undefined, patch: Partial<CompanySettings>) {
  queryClient.setQueryData<CompanySettings>(companySettingsKey(id), (current) =>
    current ? { ...current, ...patch } : current,
  );
}

/**
 * PUT /company/{id}/datas. Afterwards the session's company is read again (see refreshCompanyEverywhere)
 * and the timetable is redrawn on the new grid step.
 */
export function useSaveCompanySettings(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsUpdate) =>
      apiRequest<CompanyPublic>(`/company/${id}/datas`, { method: 'PUT', body }),
    onSuccess: async (company, body) => {
      const { backgrounds, about, lead_about, facebook_pixel } = body;
      patchSettings(queryClient, id, {
        ...company,
        ...(backgrounds !== undefined && { backgrounds }),
        ...(about !== undefined && { about }),
        ...(lead_about !== undefined && { lead_about }),
        ...(facebook_pixel !== undefined && { facebook_pixel }),
      });
      await Promise.all([
        refreshCompanyEverywhere(queryClient, id),
        queryClient.invalidateQueries({ queryKey: ['schedule'] }),
      ]);
    },
  });
}

/**
 * The browser's own check of a picture before sending it (COMPANY_IMAGE), so a wrong file is refused at
 * once with the same words the server would use.
 */
export function imageProblem(file: Pick<File, 'type' | 'size'>): ApiError | null {
  if (!(COMPANY_IMAGE.types as readonly string[]).includes(file.type))
    return new ApiError(400, 'image_type_refused', '');
  if (file.size > COMPANY_IMAGE.maxBytes) return new ApiError(400, 'image_too_large', '');
  return null;
}

// A picture goes as multipart with one file `file`, exactly as a spreadsheet import does.
const uploadImage = <T>(path: string, file: File): Promise<T> => {
  const problem = imageProblem(file);
  return problem ? Promise.reject(problem) : uploadSpreadsheet<T>(path, file, {});
};

/** POST and DELETE /company/{id}/logo; POST /company/{id}/backgrounds. */
export function useCompanyPictures(id: number) {
  const queryClient = useQueryClient();
  const params = { id };
  const afterLogo = async ({ logo }: { logo: string | null }) => {
    patchSettings(queryClient, id, { logo });
    await refreshCompanyEverywhere(queryClient, id);
  };
  const uploadLogo = useMutation({
    mutationFn: (file: File) =>
      uploadImage<{ logo: string | null }>(routePath(companyRoutes.uploadCompanyLogo.path, params), file),
    onSuccess: afterLogo,
  });
  const removeLogo = useMutation({
    mutationFn: () => api(companyRoutes.removeCompanyLogo, { params }),
    onSuccess: afterLogo,
  });
  const uploadBackground = useMutation({
    mutationFn: (file: File) =>
      uploadImage<{ backgrounds: string[] }>(routePath(companyRoutes.uploadCompanyBackground.path, params), file),
    onSuccess: async ({ backgrounds }) => {
      patchSettings(queryClient, id, { backgrounds });
      await queryClient.invalidateQueries({ queryKey: companySettingsKey(id) });
    },
  });
  return { uploadLogo, removeLogo, uploadBackground };
}
