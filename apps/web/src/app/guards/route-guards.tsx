import type { Area } from '@crm/contracts';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { areaGuard, guestGuard, sessionGuard } from './guard-decisions';
import { GuardOutcome } from './guard-outcome';

/**
 * The shell's guard. `guest` is what a visitor without a session sees instead of being sent to log in
 * (an unknown address answers "not found" to anyone).
 */
export function RequireSession({ guest }: { guest?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (guest && (!session.token || !session.user)) return guest;
  return (
    <GuardOutcome decision={sessionGuard(session, pathname)}>
      <Outlet />
    </GuardOutcome>
  );
}

export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  return <GuardOutcome decision={areaGuard(area, useSession())}>{children}</GuardOutcome>;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  return <GuardOutcome decision={guestGuard(useSession())}>{children}</GuardOutcome>;
}
