import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { BRANCHES_PATH, NEW_BRANCH_PATH } from './branch-paths';

const NewBranchPage = lazyPage(() => import('./new-branch-page'), 'NewBranchPage');
const BranchesPage = lazyPage(() => import('./branches-page'), 'BranchesPage');

/** Spec §2 admin new-company and edit-company: the company's branches (the admin area of spec §6). */
export const featureRoutes: FeatureRoute[] = [
  { path: NEW_BRANCH_PATH, area: 'admin', element: <NewBranchPage /> },
  { path: BRANCHES_PATH, area: 'admin', element: <BranchesPage /> },
];
