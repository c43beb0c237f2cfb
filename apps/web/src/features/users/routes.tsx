import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

// The list's first page is asked for beside the page's code (users-api loads with it: no weight before log-in).
const StudentsPage = lazyPage(() => {
  void import('./users-api').then((api) => api.prefetchStudentList());
  return import('./people-page');
}, 'StudentsPage');
const StudentsArchivePage = lazyPage(() => import('./people-page'), 'StudentsArchivePage');
const TeachersPage = lazyPage(() => import('./people-page'), 'TeachersPage');
const StaffPage = lazyPage(() => import('./people-page'), 'StaffPage');
const StudentProfilePage = lazyPage(() => import('./profile-page'), 'StudentProfilePage');
const TeacherProfilePage = lazyPage(() => import('./profile-page'), 'TeacherProfilePage');
const StaffProfilePage = lazyPage(() => import('./profile-page'), 'StaffProfilePage');
const OwnProfilePage = lazyPage(() => import('./own-profile-page'), 'OwnProfilePage');

/** Spec §2 students, teachers and staff: the menu paths of nav-items and the profiles as the spec names them. */
export const featureRoutes: FeatureRoute[] = [
  { path: '/students/list', area: 'students', element: <StudentsPage /> },
  { path: '/students/archive', area: 'students', element: <StudentsArchivePage /> },
  { path: '/students/profile/:id', area: 'students', element: <StudentProfilePage /> },
  { path: '/teachers/list', area: 'teachers', element: <TeachersPage /> },
  { path: '/teachers/profile/:id', area: 'teachers', element: <TeacherProfilePage /> },
  { path: '/staff/list', area: 'staff', element: <StaffPage /> },
  { path: '/staff/profile/:id', area: 'staff', element: <StaffProfilePage /> },
  // Spec §2 user/profile: one's own page (the teacher's salary is its tab #2).
  { path: '/user/profile', area: 'user', element: <OwnProfilePage /> },
];
