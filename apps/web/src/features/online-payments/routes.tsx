import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { STUDENT_PAYMENT_PATH } from './online-payments-paths';

const StudentPaymentPage = lazyPage(() => import('./student-payment-page'), 'StudentPaymentPage');

/**
 * Issue 17: the student pays online from his own screen. Area "user" (one's own account: the student, and staff
 * for themselves); the menu offers it to the student only (visible-menu ROLE_MENUS).
 */
export const featureRoutes: FeatureRoute[] = [
  { path: STUDENT_PAYMENT_PATH, area: 'user', element: <StudentPaymentPage /> },
];
