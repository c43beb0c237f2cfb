import { Navigate, useLocation } from 'react-router';

/**
 * A second address of a built page (spec §2 names some pages twice): it opens that page — one page, not two —
 * keeping the query and the hash. The page's own guard then applies.
 */
export function PageRedirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}
