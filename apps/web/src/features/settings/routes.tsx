import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const SettingsPage = lazyPage(() => import('./settings-page'), 'SettingsPage');

/** Spec §2 settings (general company settings), the settings area of spec §6. */
export const featureRoutes: FeatureRoute[] = [{ path: '/settings', area: 'settings', element: <SettingsPage /> }];
