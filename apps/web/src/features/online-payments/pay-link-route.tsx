import { lazyPage } from '../../app/feature-routes';
import { PAY_LINK_PATH } from './online-payments-paths';

const PayLinkPage = lazyPage(() => import('./pay-link-page'), 'PayLinkPage');

/** Spec §2 /entry/pay/{token}: a payment link's page, outside the shell and without a log-in (issue 17). */
export const payLinkRoute = { path: PAY_LINK_PATH, element: <PayLinkPage /> };
