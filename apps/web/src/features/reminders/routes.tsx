import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const RemindersPage = lazyPage(() => import('./reminders-page'), 'RemindersPage');

/** Spec §2 reminders (/reminders), §6 area reminders: the administrators, the branch director and the teacher. */
export const featureRoutes: FeatureRoute[] = [{ path: '/reminders', area: 'reminders', element: <RemindersPage /> }];
