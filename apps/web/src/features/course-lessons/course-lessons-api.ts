import {
  type CourseLesson,
  type CourseLessonInput,
  courseLessonRoutes,
  type GroupLesson,
  type GroupLessonInput,
  type HomeworkAnswer,
  type HomeworkReviewInput,
  type Syllabus,
} from '@crm/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/api';
import { reorderedSyllabus } from './syllabus-order';

export const courseLessonsKey = ['course-lessons'] as const;
const syllabusKey = (courseId: number) => [...courseLessonsKey, 'syllabus', courseId] as const;
const lessonKey = (lessonId: number) => [...courseLessonsKey, 'lesson', lessonId] as const;
const groupLessonsKey = (groupId: number) => [...courseLessonsKey, 'group', groupId] as const;
const groupLessonKey = (groupId: number, lessonId: number) => [...groupLessonsKey(groupId), 'lesson', lessonId];
const mineKey = [...courseLessonsKey, 'mine'] as const;

/** GET /course/{id}/lessons: the syllabus with its modules. */
export const useSyllabus = (courseId: number) =>
  useQuery({
    queryKey: syllabusKey(courseId),
    queryFn: () => api(courseLessonRoutes.syllabus, { params: { id: courseId } }),
  });

/**
 * PUT /course/{id}/lessons/order. The list moves at once (optimistic) and goes back to the old order if the
 * server refuses; the caller words the refusal.
 */
export function useReorderSyllabus(courseId: number) {
  const queryClient = useQueryClient();
  const key = syllabusKey(courseId);
  return useMutation({
    mutationFn: (ids: number[]) => api(courseLessonRoutes.reorderSyllabus, { params: { id: courseId }, body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Syllabus>(key);
      if (previous) queryClient.setQueryData<Syllabus>(key, reorderedSyllabus(previous, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      // Every group of the course now meets its lessons in another order.
      void queryClient.invalidateQueries({ queryKey: [...courseLessonsKey, 'group'] });
    },
  });
}

/** GET /course-lesson/{id}. */
export const useCourseLesson = (lessonId: number) =>
  useQuery({
    queryKey: lessonKey(lessonId),
    queryFn: () => api(courseLessonRoutes.courseLesson, { params: { id: lessonId } }),
  });

/**
 * Adding, changing or deleting a lesson changes its course's syllabus, the lesson pages of every group of the
 * course and the students' "Course lessons": all the lesson queries are read again (they are this domain's only).
 */
function useLessonWrite<Input>(write: (input: Input) => Promise<CourseLesson | { ok: true }>, deletedId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if ('id' in answer) queryClient.setQueryData(lessonKey(answer.id), answer);
      // A deleted lesson's own query would answer 404 if read again: forgotten instead.
      if (deletedId !== undefined) queryClient.removeQueries({ queryKey: lessonKey(deletedId) });
      return queryClient.invalidateQueries({ queryKey: courseLessonsKey });
    },
  });
}

export const useAddCourseLesson = (courseId: number) =>
  useLessonWrite((body: CourseLessonInput) =>
    api(courseLessonRoutes.addCourseLesson, { params: { id: courseId }, body }),
  );

export const useAddGroupLesson = (groupId: number) =>
  useLessonWrite((body: GroupLessonInput) => api(courseLessonRoutes.addGroupLesson, { params: { id: groupId }, body }));

export const useUpdateCourseLesson = (lessonId: number) =>
  useLessonWrite((body: CourseLessonInput) =>
    api(courseLessonRoutes.updateCourseLesson, { params: { id: lessonId }, body }),
  );

export const useDeleteCourseLesson = (lessonId: number) =>
  useLessonWrite(() => api(courseLessonRoutes.deleteCourseLesson, { params: { id: lessonId } }), lessonId);

/** GET /group/{id}/lessons. */
export const useGroupLessons = (groupId: number) =>
  useQuery({
    queryKey: groupLessonsKey(groupId),
    queryFn: () => api(courseLessonRoutes.groupLessons, { params: { id: groupId } }),
  });

/** PUT /group/{id}/lesson-opening: its answer is the group's lessons as they now stand. */
export function useSetLessonOpening(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (openAll: boolean) =>
      api(courseLessonRoutes.setLessonOpening, { params: { id: groupId }, body: { open_all: openAll } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(groupLessonsKey(groupId), saved);
      void queryClient.invalidateQueries({ queryKey: mineKey });
    },
  });
}

/** GET /group/{id}/lesson/{lesson_id}. */
export const useGroupLesson = (groupId: number, lessonId: number) =>
  useQuery({
    queryKey: groupLessonKey(groupId, lessonId),
    queryFn: () => api(courseLessonRoutes.groupLesson, { params: { id: groupId, lesson_id: lessonId } }),
  });

/**
 * Puts an answer (the student's own, or a reviewed one) into the cached lesson, and has the group's list and
 * the students' "Course lessons" read again for their counts.
 */
export function useAnswerCache(groupId: number, lessonId: number) {
  const queryClient = useQueryClient();
  return (answer: HomeworkAnswer, mine: boolean) => {
    queryClient.setQueryData<GroupLesson>(groupLessonKey(groupId, lessonId), (lesson) => {
      if (!lesson) return lesson;
      if (mine) return { ...lesson, my_answer: answer };
      const answers = lesson.answers?.map((row) => (row.student_id === answer.student_id ? { ...row, answer } : row));
      return { ...lesson, answers: answers ?? null };
    });
    void queryClient.invalidateQueries({ queryKey: groupLessonsKey(groupId), exact: true });
    if (mine) void queryClient.invalidateQueries({ queryKey: mineKey });
  };
}

/** PUT …/answer: the student's text. */
export function useSaveAnswer(groupId: number, lessonId: number) {
  const remember = useAnswerCache(groupId, lessonId);
  return useMutation({
    mutationFn: (text: string) =>
      api(courseLessonRoutes.saveAnswer, { params: { id: groupId, lesson_id: lessonId }, body: { text } }),
    onSuccess: (answer) => remember(answer, true),
  });
}

/** PUT …/answer/{student_id}/review. */
export function useReviewAnswer(groupId: number, lessonId: number) {
  const remember = useAnswerCache(groupId, lessonId);
  return useMutation({
    mutationFn: ({ studentId, ...body }: HomeworkReviewInput & { studentId: number }) =>
      api(courseLessonRoutes.reviewAnswer, {
        params: { id: groupId, lesson_id: lessonId, student_id: studentId },
        body,
      }),
    onSuccess: (answer) => remember(answer, false),
  });
}

/** GET /course-lessons/mine: the student's groups. */
export const useMyCourseLessons = () =>
  useQuery({ queryKey: mineKey, queryFn: () => api(courseLessonRoutes.myCourseLessons) });
