import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const GroupsPage = lazyPage(() => import('./groups-page'), 'GroupsPage');
const GroupPage = lazyPage(() => import('./group-page'), 'GroupPage');
const LeftStudentsPage = lazyPage(() => import('./left-students-page'), 'LeftStudentsPage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/groups/list', area: 'groupList', element: <GroupsPage /> },
  { path: '/groups/:id', area: 'groupPage', element: <GroupPage /> },
  { path: '/left-students', area: 'leftStudents', element: <LeftStudentsPage /> },
];
