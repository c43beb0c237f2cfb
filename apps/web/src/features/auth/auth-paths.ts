import type { ForgotPasswordSent } from '@crm/contracts';

/** Spec §2 "/auth: login, register, forgot-password, reset-password", and the sign-up's handoff. */
export const REGISTER_PATH = '/auth/register';
export const FORGOT_PATH = '/auth/forgot-password';
export const RESET_PATH = '/auth/reset-password';
export const HANDOFF_PATH = '/auth/handoff';
/** Issue 24: a parent's log-in by a one-time code sent by SMS. */
export const LOGIN_CODE_PATH = '/auth/login-code';

/** What the forgot-password step hands the reset step (besides ?phone= in the address). */
export interface ResetState {
  sent: ForgotPasswordSent;
}
