import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { RouteErrorPage } from '../features/system/route-error-page';
import { PageSpinner } from '../shared/ui/page-spinner';
import { LOGIN_PATH, ONBOARDING_PATH } from './guards/guard-decisions';
import { GuestOnly, RequireArea, RequireSession } from './guards/route-guards';
import { navRoutes } from './navigation/nav-items';

/** Every page is its own chunk, so the log-in page loads no shell, menu or table code. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const AppShell = lazyPage(() => import('./shell/app-shell'), 'AppShell');
const RoomsPage = lazyPage(() => import('../features/rooms/rooms-page'), 'RoomsPage');
const ComingSoonPage = lazyPage(() => import('../features/system/coming-soon-page'), 'ComingSoonPage');
const NotFoundPage = lazyPage(() => import('../features/system/system-pages'), 'NotFoundPage');
const NoAccessPage = lazyPage(() => import('../features/system/system-pages'), 'NoAccessPage');
const UnknownCompanyPage = lazyPage(() => import('../features/system/system-pages'), 'UnknownCompanyPage');

/** The pages that exist; every other menu path shows "coming soon" inside the shell. */
const BUILT_PAGES: Record<string, ReactNode> = {
  '/rooms/list': <RoomsPage />,
};

function Root() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: LOGIN_PATH,
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      { path: '/error', element: <UnknownCompanyPage /> },
      { path: '/no-access', element: <NoAccessPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: ONBOARDING_PATH, element: <ComingSoonPage /> },
              ...navRoutes().map(({ path, area }) => ({
                path,
                element: <RequireArea area={area}>{BUILT_PAGES[path] ?? <ComingSoonPage />}</RequireArea>,
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
