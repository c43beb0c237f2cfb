import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { clearSession } from '../../shared/session/session-store';
import type { GuardDecision } from './guard-decisions';

/** Once the session is cleared the guard runs again and sends the user to log in. */
function ClearSession() {
  useEffect(clearSession, []);
  return null;
}

/** Renders what a guard decided: the page, or a redirect (clearing the session first if asked). */
export function GuardOutcome({ decision, children }: { decision: GuardDecision; children: ReactNode }) {
  if (decision.allow) return children;
  if (decision.clearSession) return <ClearSession />;
  return <Navigate to={decision.redirectTo} replace />;
}
