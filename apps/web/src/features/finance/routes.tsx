import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const PaymentsPage = lazyPage(() => import('./payments-page'), 'PaymentsPage');
const ReceiptPage = lazyPage(() => import('./receipt-page'), 'ReceiptPage');

/**
 * Spec §2 finance/payments (the cashier's area) and the receipt of a payment. The receipt is opened
 * from the student profile too, so it is guarded by 'students' (admins, branch director and cashier;
 * owner and CEO always pass), the area every caller of POST /payment has.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/finance/payments', area: 'finance', element: <PaymentsPage /> },
  { path: '/finance/receipt/:id', area: 'students', element: <ReceiptPage /> },
];
