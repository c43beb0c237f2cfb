import { localDate } from '@crm/contracts';
import { examQuestions, exams } from '../../src/db/schema/index.js';
import { inCompany } from '../../src/platform/tenancy.js';
import { createForeignGroup } from '../foreign-group.js';
import type { ForeignRows } from '../helpers.js';

/** The other company's question and exam: its bank, exams and results read as absent (404). */
export const foreignRows: ForeignRows = async (db, foreign) => {
  const { group, courseId, studentId } = await createForeignGroup(db, foreign, {
    course: 'Foreign exams',
    code: 'FEX',
    teacher: 'Foreign Examiner',
    student: 'Foreign Examinee',
    phones: ['976400001', '976400002'],
  });
  const { question, exam } = await inCompany(db, foreign.id, async (tx) => {
    const [q] = await tx
      .insert(examQuestions)
      .values({ companyId: foreign.id, courseId, kind: 'short', text: 'Foreign?', accepted: ['yes'] })
      .returning({ id: examQuestions.id });
    const [e] = await tx
      .insert(exams)
      .values({ companyId: foreign.id, groupId: group, title: 'Foreign exam', kind: 'online', date: localDate() })
      .returning({ id: exams.id });
    return { question: q!.id, exam: e!.id };
  });
  const question_ = { kind: 'short', text: 'Hijacked', accepted: ['x'] };
  const examBody = { title: 'Hijacked', kind: 'offline', date: localDate() };
  const inExam = { id: group, exam_id: exam };
  return {
    '/api/v1/course/:id/questions': { params: { id: courseId }, bodies: { POST: question_ } },
    '/api/v1/exam-question/:id': { params: { id: question }, bodies: { PUT: question_ } },
    '/api/v1/group/:id/exams': { params: { id: group }, bodies: { POST: examBody } },
    '/api/v1/group/:id/exam/:exam_id': { params: inExam, bodies: { PUT: examBody } },
    '/api/v1/group/:id/exam/:exam_id/result/:student_id': {
      params: { ...inExam, student_id: studentId },
      bodies: { PUT: { ball: 5 } },
    },
    '/api/v1/group/:id/exam/:exam_id/start': { params: inExam },
    '/api/v1/user/:id/exam-results': { params: { id: studentId } },
    '/api/v1/group/:id/exam/:exam_id/answer': {
      params: inExam,
      bodies: { PUT: { question_id: question, answer: { kind: 'short', text: 'yes' } } },
    },
    '/api/v1/group/:id/exam/:exam_id/submit': { params: inExam },
  };
};
