import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const MeetingPage = lazyPage(() => import('./meeting-page'), 'MeetingPage');

/** Spec §2 meeting/{roomName} (issue 19): a group's online lesson, for its teacher and students (and staff). */
export const featureRoutes: FeatureRoute[] = [
  { path: '/meeting/:roomName', area: 'groupPage', element: <MeetingPage /> },
];
