import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { prefetchBoard } from './board-query';

// The board's answer is asked for beside the page's code (the first visit's slowest wait was one after the other).
const LeadsPage = lazyPage(() => {
  prefetchBoard();
  return import('./leads-page');
}, 'LeadsPage');
const LeadArchivePage = lazyPage(() => import('./lead-archive-page'), 'LeadArchivePage');
const LeadReasonsPage = lazyPage(() => import('./lead-reasons-page'), 'LeadReasonsPage');

/** Spec §2: leads (board or list), leads/archive, lead-reasons. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/leads', area: 'leads', element: <LeadsPage /> },
  { path: '/leads/archive', area: 'leads', element: <LeadArchivePage /> },
  { path: '/lead-reasons', area: 'leadReasons', element: <LeadReasonsPage /> },
];
