import { parentRoutes, type ResetPassword, type SignUpForm, signUpRoutes } from '@crm/contracts';
import { api } from '../../shared/api/api';
import { ApiError } from '../../shared/api/api-error';

// Every call here is a visitor's: a refusal is shown by the page, never by the app-wide 401/403 handling.
const visitor = { handleErrors: false } as const;

export const checkSubdomain = (subdomain: string) =>
  api(signUpRoutes.checkSubdomain, { query: { subdomain }, ...visitor });

export const startSignUp = (body: SignUpForm) => api(signUpRoutes.startSignUp, { body, ...visitor });

export const resendSignUpCode = (requestId: string) =>
  api(signUpRoutes.resendSignUpCode, { body: { request_id: requestId }, ...visitor });

export const confirmSignUp = (requestId: string, code: string) =>
  api(signUpRoutes.confirmSignUp, { body: { request_id: requestId, code }, ...visitor });

export const takeHandoff = (handoff: string) => api(signUpRoutes.takeHandoff, { body: { handoff }, ...visitor });

export const forgotPassword = (phone: string) => api(signUpRoutes.forgotPassword, { body: { phone }, ...visitor });

export const resetPassword = (body: ResetPassword) => api(signUpRoutes.resetPassword, { body, ...visitor });

/** Issue 24: a parent's log-in by a one-time code to his phone (the answer is the same for any phone). */
export const sendLoginCode = (phone: string) => api(parentRoutes.sendLoginCode, { body: { phone }, ...visitor });

export const logInWithCode = (phone: string, code: string) =>
  api(parentRoutes.logInWithCode, { body: { phone, code }, ...visitor });

/** A number the server put in an error's details (attempts_left, retry_after_seconds), if it did. */
export function errorDetail(error: unknown, name: string): number | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return undefined;
  const value = (error.details as Record<string, unknown>)[name];
  return typeof value === 'number' ? value : undefined;
}
