import { type Area, canAccess, needsOnboarding, Role, type RoleId, roleHome } from '@crm/contracts';
import { roleIdsOf, type Session } from '../../shared/session/session-store';

export const LOGIN_PATH = '/auth/login';
export const ONBOARDING_PATH = '/onboarding';
/** Where a student lands: his profile, the home spec §6 gives his role (his course lessons are not built). */
export const STUDENT_HOME = roleHome([Role.student]);
/** The roles whose home is a page of their own, never the staff's dashboard (issue 24: the parent's children). */
const OWN_HOME_ROLES: readonly RoleId[] = [Role.student, Role.parent];
const DEFAULT_PATHS = ['/', '/dashboard'];

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; clearSession?: boolean };

const ALLOW: GuardDecision = { allow: true };
const redirect = (redirectTo: string, clearSession = false): GuardDecision => ({
  allow: false,
  redirectTo,
  clearSession,
});

/** Spec §4 "Session": the log-in guard of every page of the shell. */
export function sessionGuard(session: Session, pathname: string): GuardDecision {
  if (!session.token || !session.user) return redirect(LOGIN_PATH);
  if (!session.company || session.branch === null || session.role === null) return redirect(LOGIN_PATH, true);
  if (!DEFAULT_PATHS.includes(pathname)) return ALLOW;
  if (OWN_HOME_ROLES.includes(session.role)) return redirect(roleHome([session.role]));
  if (needsOnboarding({ current_role: session.role, company: session.company })) return redirect(ONBOARDING_PATH);
  return ALLOW;
}

/** A signed-in user has nothing to do on a guest page such as log-in. */
export function guestGuard(session: Session): GuardDecision {
  if (!session.token || !session.user) return ALLOW;
  return redirect(roleHome(roleIdsOf(session.user)));
}

/** Spec §6: a failed area guard sends the user to his role's home. */
export function areaGuard(area: Area, session: Session): GuardDecision {
  const roles = session.user ? roleIdsOf(session.user) : [];
  return canAccess(area, roles) ? ALLOW : redirect(roleHome(roles));
}

/**
 * Whether the guards will draw a page of this area at this address, so its code (and the data it asks
 * for while loading, like the lead board) may be fetched ahead: a refused user must meet no 403.
 */
export const guardsOpen = (area: Area, session: Session, pathname: string): boolean =>
  sessionGuard(session, pathname).allow && areaGuard(area, session).allow;
