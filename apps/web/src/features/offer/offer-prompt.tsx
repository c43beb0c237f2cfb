import { Role } from '@crm/contracts';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../shared/session/use-session';

const OfferAcceptDialog = lazy(() => import('./offer-accept-dialog').then((m) => ({ default: m.OfferAcceptDialog })));

/** The page of the offer's link, which shows the Accept button itself. */
export const OFFER_PATH = '/offer';

/**
 * Mounted once at the router's root: for a student signed in as a student, loads the acceptance dialog,
 * which asks the server whether he still has to accept. Nobody else's pages load its code or ask.
 */
export function OfferPrompt() {
  const { pathname } = useLocation();
  const { token, user, role } = useSession();
  // Not over the page that already shows the offer, nor over the lead form centres embed in their sites.
  if (pathname === OFFER_PATH || pathname.startsWith('/entry')) return null;
  if (!token || !user || role !== Role.student) return null;
  return (
    <Suspense fallback={null}>
      <OfferAcceptDialog />
    </Suspense>
  );
}
