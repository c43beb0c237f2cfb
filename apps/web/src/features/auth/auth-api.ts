import type { CompanySharedInfo, LoginRequest, LoginResponse, Me } from '@crm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/api-client';
import { forgetKeptData } from '../../shared/pwa/service-worker';
import { clearSession, storeUser } from '../../shared/session/session-store';
import { forgetQueuedMarks } from '../attendance/offline-marks';

export const ME_KEY = ['me'] as const;

// The log-in page reads the answer itself: a 404 sends it to /error.
export const fetchCompanySharedInfo = (subdomain: string) =>
  apiRequest<CompanySharedInfo>(`/company/subdomain/${encodeURIComponent(subdomain)}`, { handleErrors: false });

// A wrong password answers 401; that must not count as an expired session.
export const logIn = (body: Omit<LoginRequest, 'subdomain'>) =>
  apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, handleErrors: false });

/**
 * Keeps a fresh session, whichever way the user proved who he is (password, or a parent's code by SMS): nothing
 * cached of a previous user survives. The log-in pages' guest guard then sends him to his role's home.
 */
export function useStartSession(): (answer: Pick<LoginResponse, 'user' | 'access_token'>) => void {
  const queryClient = useQueryClient();
  return ({ user, access_token }) => {
    queryClient.clear();
    queryClient.setQueryData(ME_KEY, user);
    storeUser(user, access_token);
  };
}

/** Spec §4: on start with a token the stored user is refreshed from the server. */
export function useRefreshMe(): void {
  useQuery({
    queryKey: ME_KEY,
    queryFn: async () => {
      const me = await apiRequest<Me>('/auth/me', { method: 'POST' });
      storeUser(me);
      return me;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Spec §4: sign-out clears the stored session and reloads. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    // Signing out locally must work even when the server cannot be reached.
    await apiRequest('/auth/logout', { method: 'POST', handleErrors: false }).catch(() => undefined);
    queryClient.clear();
    // The next person on this phone finds neither the kept lessons nor marks waiting to go out in his name.
    forgetKeptData();
    await forgetQueuedMarks().catch(() => undefined);
    clearSession();
    window.location.reload();
  };
}
