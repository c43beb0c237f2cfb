import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const AuditPage = lazyPage(() => import('./audit-page'), 'AuditPage');

/** Spec §2 report (audit table), the menu's /report; §6 area report. */
export const featureRoutes: FeatureRoute[] = [{ path: '/report', area: 'report', element: <AuditPage /> }];
