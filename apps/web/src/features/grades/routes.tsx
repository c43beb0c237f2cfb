import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const GradeSettingsPage = lazyPage(() => import('./grade-settings-page'), 'GradeSettingsPage');

/** Spec §2 settings-grade (its graph and table views), issue 19: the admin set, owner and CEO. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/settings-grade', area: 'gradeSettings', element: <GradeSettingsPage /> },
];
