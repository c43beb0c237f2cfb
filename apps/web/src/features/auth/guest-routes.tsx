import type { RouteObject } from 'react-router';
import { lazyPage } from '../../app/feature-routes';
import { GuestOnly } from '../../app/guards/route-guards';
import { FORGOT_PATH, HANDOFF_PATH, LOGIN_CODE_PATH, REGISTER_PATH, RESET_PATH } from './auth-paths';

const RegisterPage = lazyPage(() => import('./register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('./forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./reset-password-page'), 'ResetPasswordPage');
const HandoffPage = lazyPage(() => import('./handoff-page'), 'HandoffPage');
const LoginCodePage = lazyPage(() => import('./login-code-page'), 'LoginCodePage');

/**
 * The visitor's pages besides log-in (sign-up, password recovery, the sign-up's handoff: issue 16; a parent's
 * log-in by a code: issue 24).
 */
export const authGuestRoutes: RouteObject[] = [
  {
    path: REGISTER_PATH,
    element: (
      <GuestOnly>
        <RegisterPage />
      </GuestOnly>
    ),
  },
  {
    path: FORGOT_PATH,
    element: (
      <GuestOnly>
        <ForgotPasswordPage />
      </GuestOnly>
    ),
  },
  {
    path: RESET_PATH,
    element: (
      <GuestOnly>
        <ResetPasswordPage />
      </GuestOnly>
    ),
  },
  {
    path: LOGIN_CODE_PATH,
    element: (
      <GuestOnly>
        <LoginCodePage />
      </GuestOnly>
    ),
  },
  // Not guest-only: the new centre's page signs the owner in whatever this host's browser held before.
  { path: HANDOFF_PATH, element: <HandoffPage /> },
];
