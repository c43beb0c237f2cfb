import type { CompanyPublic, CompanySettingsUpdate } from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { ME_KEY } from '../auth/auth-api';

const companyKey = (id: number | undefined) => ['company', id] as const;

/** The company as the server has it now (the stored session may be older). */
export const useCompany = (id: number | undefined) =>
  useQuery({
    queryKey: companyKey(id),
    queryFn: () => apiRequest<CompanyPublic>(`/company/${id}`),
    enabled: id !== undefined,
  });

/**
 * PUT /company/{id}/datas. Afterwards the signed-in user is read again, so every page
 * that reads the company from the session (the group form's time step) sees the change,
 * and the timetable is redrawn on the new grid step.
 */
export function useSaveCompanySettings(id: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsUpdate) =>
      apiRequest<CompanyPublic>(`/company/${id}/datas`, { method: 'PUT', body }),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyKey(id), company);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_KEY }),
        queryClient.invalidateQueries({ queryKey: ['schedule'] }),
      ]);
    },
  });
}
