import { Navigate, type RouteObject, useLocation } from 'react-router';

/**
 * Spec §2 addresses that name an area, not one of its pages (the "/teachers" and "/students" menu names,
 * "/" also as "/v2", debtors under finance as well as under students): each opens the page the menu
 * opens there. Only areas with built pages; the target's own guard then applies.
 */
export const PATH_ALIASES: Readonly<Record<string, string>> = {
  '/v2': '/dashboard',
  '/dashboard/default': '/dashboard',
  '/app/dashboards/default': '/dashboard',
  '/students': '/students/list',
  '/teachers': '/teachers/list',
  '/staff': '/staff/list',
  '/groups': '/groups/list',
  '/courses': '/courses/list',
  '/rooms': '/rooms/list',
  '/archive_reasons': '/archive_reasons/list',
  '/user': '/user/profile',
  '/finance': '/finance/payments',
  '/finance/debtors': '/students/debtors',
  // Spec §2: "reports: attendance, conversion (default), …".
  '/reports': '/reports/conversion',
};

/** Keeps the query and the hash (a filter, a profile tab) on the way. */
function AliasRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

export const aliasRoutes = (): RouteObject[] =>
  Object.entries(PATH_ALIASES).map(([path, to]) => ({ path, element: <AliasRedirect to={to} /> }));
