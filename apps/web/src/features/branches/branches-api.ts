import type { Branch } from '@crm/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';

/** The signed-in user's branches (GET /branch). */
export const useBranches = () =>
  useQuery({
    queryKey: ['branches'],
    queryFn: () => apiRequest<{ data: Branch[] }>('/branch').then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });
