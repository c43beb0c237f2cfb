import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { RouteErrorPage } from '../features/system/route-error-page';
import { PageSpinner } from '../shared/ui/page-spinner';
import { type FeatureRoute, lazyPage } from './feature-routes';
import { LOGIN_PATH, ONBOARDING_PATH } from './guards/guard-decisions';
import { GuestOnly, RequireArea, RequireSession } from './guards/route-guards';
import { navRoutes } from './navigation/nav-items';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const AppShell = lazyPage(() => import('./shell/app-shell'), 'AppShell');
const ComingSoonPage = lazyPage(() => import('../features/system/coming-soon-page'), 'ComingSoonPage');
const NotFoundPage = lazyPage(() => import('../features/system/system-pages'), 'NotFoundPage');
const NoAccessPage = lazyPage(() => import('../features/system/system-pages'), 'NoAccessPage');
const UnknownCompanyPage = lazyPage(() => import('../features/system/system-pages'), 'UnknownCompanyPage');

/** The pages the features have built (only their lazy handles: no page code is loaded here). */
const FEATURE_ROUTES = Object.values(
  import.meta.glob<{ featureRoutes: FeatureRoute[] }>('../features/*/routes.tsx', { eager: true }),
).flatMap((module) => module.featureRoutes);
const builtAt = new Map(FEATURE_ROUTES.map((route) => [route.path, route]));
const menuPaths = new Set(navRoutes().map((route) => route.path));

const guarded = ({ area, element }: Pick<FeatureRoute, 'area' | 'element'>) => (
  <RequireArea area={area}>{element}</RequireArea>
);

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
              // Menu paths: the feature's page where one is built, else "coming soon".
              ...navRoutes().map(({ path, area }) => ({
                path,
                element: guarded(builtAt.get(path) ?? { area, element: <ComingSoonPage /> }),
              })),
              // Pages outside the menu (profiles, details) with their own areas.
              ...FEATURE_ROUTES.filter((route) => !menuPaths.has(route.path)).map((route) => ({
                path: route.path,
                element: guarded(route),
              })),
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
