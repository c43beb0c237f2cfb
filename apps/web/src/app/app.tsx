import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LICENCE_KEY, licenceBlockHandler } from '../features/licence/licence-block';
import { setApiErrorHandlers } from '../shared/api/api-client';
import { LOGIN_PATH } from './guards/guard-decisions';
import { queryClient } from './query-client';
import { router } from './router';
import { PreferencesProvider } from './theme/preferences-provider';

// Spec §8: after a 401 go to log-in, unless already there.
setApiErrorHandlers({
  onUnauthorized: () => {
    if (router.state.location.pathname !== LOGIN_PATH) void router.navigate(LOGIN_PATH, { replace: true });
  },
  // A 402: the licence has ended (to /auth/billing-page) or is read-only (the shell's notice says until when).
  onLicenceBlocked: licenceBlockHandler({
    pathname: () => router.state.location.pathname,
    navigate: (to) => void router.navigate(to, { replace: true }),
    refreshLicence: () => void queryClient.invalidateQueries({ queryKey: LICENCE_KEY, exact: true }),
  }),
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <RouterProvider router={router} />
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
