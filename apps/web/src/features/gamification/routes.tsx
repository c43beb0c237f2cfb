import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const ShopPanelPage = lazyPage(() => import('./shop-panel-page'), 'ShopPanelPage');
const OrdersPage = lazyPage(() => import('./orders-page'), 'OrdersPage');
const ShopPage = lazyPage(() => import('./shop-page'), 'ShopPage');

/**
 * Issue 21's gamification shop: the shop panel (products and coin rules) and the orders are the gamification area
 * (spec §6: branch director, administrator); /shop is the student's own. Every call answers 403 gamification_off
 * while the company has not enabled it, and the pages say so.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/gamification/shop-panel', area: 'gamification', element: <ShopPanelPage /> },
  { path: '/gamification/orders', area: 'gamification', element: <OrdersPage /> },
  { path: '/shop', area: 'shop', element: <ShopPage /> },
];
