import { type FeatureRoute, lazyPage } from '../../app/feature-routes';

const AddCourseLessonPage = lazyPage(() => import('./lesson-editor-pages'), 'AddCourseLessonPage');
const CourseLessonPage = lazyPage(() => import('./lesson-editor-pages'), 'CourseLessonPage');
const AddGroupLessonPage = lazyPage(() => import('./lesson-editor-pages'), 'AddGroupLessonPage');
const GroupLessonsPage = lazyPage(() => import('./group-lessons-page'), 'GroupLessonsPage');
const GroupLessonPage = lazyPage(() => import('./group-lesson-page'), 'GroupLessonPage');
const MyCourseLessonsPage = lazyPage(() => import('./my-course-lessons-page'), 'MyCourseLessonsPage');

/**
 * Issue 19's course lessons (spec §2). The syllabus is written by the course staff; the group's pages are
 * read by its teacher and students (each narrowed by the server); a group's own lesson is its teacher's too.
 */
export const featureRoutes: FeatureRoute[] = [
  { path: '/courses/:courseId/add-lesson', area: 'courses', element: <AddCourseLessonPage /> },
  { path: '/lessons/:lessonId', area: 'groupList', element: <CourseLessonPage /> },
  { path: '/groups/:courseId/:groupId/lessons', area: 'groupPage', element: <GroupLessonsPage /> },
  { path: '/groups/:id/lessons-v2/:courseId/:lessonId', area: 'groupPage', element: <GroupLessonPage /> },
  { path: '/groups/:id/add-lesson', area: 'groupList', element: <AddGroupLessonPage /> },
  // The student's menu item "Course lessons" (nav key course-lessons).
  { path: '/courses/lessons', area: 'groupPage', element: <MyCourseLessonsPage /> },
];
