import {
  type Attempt,
  type AttemptAnswer,
  type ExamInput,
  type ExamPage,
  type ExamResult,
  examRoutes,
  type QuestionInput,
  type RoadmapQuery,
} from '@crm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../shared/api/api';

export const examsKey = ['exams'] as const;
const questionsKey = (courseId: number) => [...examsKey, 'questions', courseId] as const;
/** A group's exams; its exam pages sit under it, so what changes the list reads them again too. */
const groupExamsKey = (groupId: number) => [...examsKey, 'group', groupId] as const;
const examKey = (groupId: number, examId: number) => [...groupExamsKey(groupId), 'exam', examId] as const;
const roadmapKey = [...examsKey, 'roadmap'] as const;

/** GET /user/{id}/exam-results: a student's exam balls (shown in his grades tab). */
export const useStudentExamResults = (studentId: number) =>
  useQuery({
    queryKey: [...examsKey, 'student', studentId],
    queryFn: () => api(examRoutes.studentResults, { params: { id: studentId }, handleErrors: false }),
  });

// ── The question bank ──────────────────────────────────────────────────────

/** GET /course/{id}/questions: with the right answers (the course's staff only). */
export const useQuestions = (courseId: number) =>
  useQuery({
    queryKey: questionsKey(courseId),
    queryFn: () => api(examRoutes.questions, { params: { id: courseId } }),
  });

/**
 * Adding, changing or deleting a question: the course's bank is read again, and the groups' exams (each answers
 * how many questions its course's bank has) — of the course's groups, which the web does not know, so of all.
 */
export function useQuestionWrites(courseId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: questionsKey(courseId) }),
      queryClient.invalidateQueries({ queryKey: [...examsKey, 'group'] }),
    ]);
  const add = useMutation({
    mutationFn: (body: QuestionInput) => api(examRoutes.addQuestion, { params: { id: courseId }, body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: QuestionInput }) =>
      api(examRoutes.updateQuestion, { params: { id }, body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(examRoutes.deleteQuestion, { params: { id } }),
    onSuccess,
  });
  return { add, update, remove };
}

// ── The group's exams ──────────────────────────────────────────────────────

/** GET /group/{id}/exams: the group's roadmap. */
export const useGroupExams = (groupId: number) =>
  useQuery({
    queryKey: groupExamsKey(groupId),
    queryFn: () => api(examRoutes.groupExams, { params: { id: groupId } }),
  });

/** Reads again what an exam's change touches: the group's exams with their pages, and the roadmap. */
function useExamChanged(groupId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupExamsKey(groupId) }),
      queryClient.invalidateQueries({ queryKey: roadmapKey }),
    ]);
}

export function useExamWrites(groupId: number) {
  const onSuccess = useExamChanged(groupId);
  const add = useMutation({
    mutationFn: (body: ExamInput) => api(examRoutes.addExam, { params: { id: groupId }, body }),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ examId, body }: { examId: number; body: ExamInput }) =>
      api(examRoutes.updateExam, { params: { id: groupId, exam_id: examId }, body }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (examId: number) => api(examRoutes.deleteExam, { params: { id: groupId, exam_id: examId } }),
    onSuccess,
  });
  return { add, update, remove };
}

// ── An exam's page ─────────────────────────────────────────────────────────

/** GET /group/{id}/exam/{exam_id}: every result (teacher, staff) or the student's attempt. */
export const useExamPage = (groupId: number, examId: number) =>
  useQuery({
    queryKey: examKey(groupId, examId),
    queryFn: () => api(examRoutes.exam, { params: { id: groupId, exam_id: examId } }),
  });

/** Reads the exam's page again: after its deadline the server has closed the attempt and graded it. */
export function useReloadExam(groupId: number, examId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: examKey(groupId, examId) }),
    [queryClient, groupId, examId],
  );
}

/** PUT …/result/{student_id}: an offline exam's ball (null takes it back). */
export function useSetResult(groupId: number, examId: number) {
  const queryClient = useQueryClient();
  const changed = useExamChanged(groupId);
  return useMutation({
    mutationFn: ({ studentId, ball }: { studentId: number; ball: number | null }) =>
      api(examRoutes.setResult, { params: { id: groupId, exam_id: examId, student_id: studentId }, body: { ball } }),
    onSuccess: (saved: ExamResult) => {
      queryClient.setQueryData<ExamPage>(examKey(groupId, examId), (page) =>
        page?.results
          ? { ...page, results: page.results.map((row) => (row.student_id === saved.student_id ? saved : row)) }
          : page,
      );
      // The exam's state and its done/of count change with a ball.
      return changed();
    },
  });
}

/** Puts the student's attempt as the server answered it into the exam's page. */
function useAttemptCache(groupId: number, examId: number) {
  const queryClient = useQueryClient();
  return (attempt: Attempt) =>
    queryClient.setQueryData<ExamPage>(examKey(groupId, examId), (page) =>
      page ? { ...page, attempt, policies: { ...page.policies, start: false } } : page,
    );
}

/** POST …/start: his questions are drawn and the clock runs. */
export function useStartAttempt(groupId: number, examId: number) {
  const remember = useAttemptCache(groupId, examId);
  return useMutation({
    mutationFn: () => api(examRoutes.startAttempt, { params: { id: groupId, exam_id: examId } }),
    onSuccess: remember,
  });
}

/**
 * PUT …/answer, called by the attempt's saver (which retries): the answer is kept on the screen as given, so the
 * server's copy of the attempt is not put back into the cache.
 */
export const saveAttemptAnswer = (groupId: number, examId: number, questionId: number, answer: AttemptAnswer) =>
  api(examRoutes.saveAnswer, { params: { id: groupId, exam_id: examId }, body: { question_id: questionId, answer } });

/** POST …/submit: graded at once; his ball changes the group's list. */
export function useSubmitAttempt(groupId: number, examId: number) {
  const remember = useAttemptCache(groupId, examId);
  const changed = useExamChanged(groupId);
  return useMutation({
    mutationFn: () => api(examRoutes.submitAttempt, { params: { id: groupId, exam_id: examId } }),
    onSuccess: (attempt) => {
      remember(attempt);
      return changed();
    },
  });
}

// ── The roadmap ────────────────────────────────────────────────────────────

/** GET /roadmap: a branch's exams of a period (the totals count every state whatever the filter). */
export const useRoadmap = (query: RoadmapQuery) =>
  useQuery({
    queryKey: [...roadmapKey, query],
    queryFn: () => api(examRoutes.roadmap, { query }),
    placeholderData: keepPreviousData,
  });
