import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { LANDING_LIST_PATH, LANDING_NEW_PATH, LOGIN_LOOK_PATH } from './landing-paths';

const LandingListPage = lazyPage(() => import('./landing-list-page'), 'LandingListPage');
const NewLandingPage = lazyPage(() => import('./landing-editor-pages'), 'NewLandingPage');
const EditLandingPage = lazyPage(() => import('./landing-editor-pages'), 'EditLandingPage');
const LoginLookPage = lazyPage(() => import('./login-look-page'), 'LoginLookPage');

/**
 * Issue 20: the company's landing pages (rendered for visitors by the server at /landing-page/{slug}) and the
 * log-in page's look (spec §2 form/login-form), for the `forms` area (admins, branch director, marketer).
 */
export const featureRoutes: FeatureRoute[] = [
  { path: LANDING_LIST_PATH, area: 'forms', element: <LandingListPage /> },
  { path: LANDING_NEW_PATH, area: 'forms', element: <NewLandingPage /> },
  { path: `${LANDING_LIST_PATH}/:id`, area: 'forms', element: <EditLandingPage /> },
  { path: LOGIN_LOOK_PATH, area: 'forms', element: <LoginLookPage /> },
];
