import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const GroupsPage = lazyPage(() => import('./groups-page'), 'GroupsPage');
const GroupPage = lazyPage(() => import('./group-page'), 'GroupPage');
const LeftStudentsPage = lazyPage(() => import('./left-students-page'), 'LeftStudentsPage');
const StudentCommentsPage = lazyPage(() => import('./student-comments'), 'StudentCommentsPage');

export const featureRoutes: FeatureRoute[] = [
  { path: '/groups/list', area: 'groupList', element: <GroupsPage /> },
  { path: '/groups/:id', area: 'groupPage', element: <GroupPage /> },
  // Spec §2 groups/{id}/comments/{studentId}; §6 group comments: the teacher (and the staff who run groups).
  { path: '/groups/:id/comments/:studentId', area: 'groupList', element: <StudentCommentsPage /> },
  { path: '/left-students', area: 'leftStudents', element: <LeftStudentsPage /> },
];
