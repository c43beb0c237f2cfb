import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const LeadConversionPage = lazyPage(() => import('./lead-report-pages'), 'LeadConversionPage');
const LeadSourcesPage = lazyPage(() => import('./lead-report-pages'), 'LeadSourcesPage');

/** The lead statistics of spec §2 reports (menu "reports-conversion" and "reports-leads"). */
export const featureRoutes: FeatureRoute[] = [
  { path: '/reports/conversion', area: 'reports', element: <LeadConversionPage /> },
  { path: '/reports/leads', area: 'reports', element: <LeadSourcesPage /> },
];
