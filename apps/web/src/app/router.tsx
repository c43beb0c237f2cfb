import { Suspense } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router';
import { authGuestRoutes } from '../features/auth/guest-routes';
import { formPublicRoutes } from '../features/forms/public-routes';
import { leadFormRoute } from '../features/lead-form/lead-form-route';
import { licencePublicRoutes } from '../features/licence/public-routes';
import { OfferPrompt } from '../features/offer/offer-prompt';
import { onboardingElement } from '../features/onboarding/onboarding-route';
import { payLinkRoute } from '../features/online-payments/pay-link-route';
import { SupportChat } from '../features/support-chat/support-chat';
import { RouteErrorPage } from '../features/system/route-error-page';
import { getSession } from '../shared/session/session-store';
import { PageSpinner } from '../shared/ui/page-spinner';
import { type FeatureRoute, lazyPage, preloadElement } from './feature-routes';
import { guardsOpen, LOGIN_PATH, ONBOARDING_PATH } from './guards/guard-decisions';
import { GuestOnly, RequireArea, RequireSession } from './guards/route-guards';
import { navRoutes } from './navigation/nav-items';
import { aliasRoutes } from './navigation/path-aliases';

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const AppShell = lazyPage(() => import('./shell/app-shell'), 'AppShell');
const ComingSoonPage = lazyPage(() => import('../features/system/coming-soon-page'), 'ComingSoonPage');
const NotFoundPage = lazyPage(() => import('../features/system/system-pages'), 'NotFoundPage');
const GuestNotFoundPage = lazyPage(() => import('../features/system/system-pages'), 'GuestNotFoundPage');
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
      <SupportChat />
      <OfferPrompt />
    </Suspense>
  );
}

const routes: RouteObject[] = [
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
      ...authGuestRoutes,
      { path: '/error', element: <UnknownCompanyPage /> },
      leadFormRoute,
      ...formPublicRoutes,
      ...licencePublicRoutes,
      payLinkRoute,
      { path: '/no-access', element: <NoAccessPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: ONBOARDING_PATH, element: onboardingElement },
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
              ...aliasRoutes(),
            ],
          },
        ],
      },
      // An unknown address: "not found" inside the shell (menu, header, a link home) for a signed-in user,
      // on its own page with a link to log in for a visitor.
      {
        element: <RequireSession guest={<GuestNotFoundPage />} />,
        children: [{ element: <AppShell />, children: [{ path: '*', element: <NotFoundPage /> }] }],
      },
    ],
  },
];

/**
 * A signed-in visit starts loading the shell's code and the opened page's together: drawn in turn, the
 * page's code was asked for only once the shell had loaded and drawn (≈0.3 s later on a laptop).
 */
function preloadFirstScreen(pathname: string): void {
  const session = getSession();
  const path = matchRoutes(routes, pathname)?.at(-1)?.route.path;
  // The log-in form's code is fetched beside the language's wording rather than after it (a phone's round trip).
  if (!session.token && path === LOGIN_PATH) LoginPage.preload();
  if (!session.token) return;
  if (path === undefined || path === LOGIN_PATH) return;
  AppShell.preload();
  const page = builtAt.get(path);
  // Only a page the guards will open: the leads page asks for its board while its code loads.
  if (page && guardsOpen(page.area, session, pathname)) preloadElement(page.element);
}

preloadFirstScreen(window.location.pathname);

export const router = createBrowserRouter(routes);
