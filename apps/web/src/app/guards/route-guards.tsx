import type { Area } from '@crm/contracts';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../../shared/session/use-session';
import { areaGuard, guestGuard, sessionGuard } from './guard-decisions';
import { GuardOutcome } from './guard-outcome';

export function RequireSession() {
  const session = useSession();
  const { pathname } = useLocation();
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
