import type { RouteObject } from 'react-router';

/** The visitor's pages besides log-in (sign-up, password recovery, the sign-up's handoff): issue 16. */
export const authGuestRoutes: RouteObject[] = [];
