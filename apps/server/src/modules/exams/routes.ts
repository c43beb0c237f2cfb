import { type Attempt, examRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { registerRoute } from '../../platform/route-table.js';
import { type AttemptOutcome, saveAttemptAnswer, startAttempt, submitAttempt } from './attempts.js';
import {
  addExam,
  deleteExam,
  examPage,
  groupExams,
  roadmap,
  setExamResult,
  studentExamResults,
  updateExam,
} from './exams.js';
import { addQuestion, deleteQuestion, listQuestions, updateQuestion } from './question-bank.js';

/** An attempt written after its deadline: closed (committed) with its saved answers, and the write refused. */
function unlessExpired(outcome: AttemptOutcome): Attempt {
  if ('expired' in outcome) throw new AppError(422, 'exam_time_over');
  return outcome.attempt;
}

/** Issue 19: the course's question bank, the group's exams (offline and online) and the roadmap. */
export default async function examsModule(app: FastifyInstance) {
  const r = examRoutes;
  const now = () => app.clock();
  registerRoute(app, r.questions, (req, { params }) => req.tenant((tx, actor) => listQuestions(tx, actor, params.id)));
  registerRoute(app, r.addQuestion, (req, { params, body }) =>
    req.tenant((tx, actor) => addQuestion(tx, actor, params.id, body)),
  );
  registerRoute(app, r.updateQuestion, (req, { params, body }) =>
    req.tenant((tx, actor) => updateQuestion(tx, actor, params.id, body)),
  );
  registerRoute(app, r.deleteQuestion, (req, { params }) =>
    req.tenant((tx, actor) => deleteQuestion(tx, actor, params.id)),
  );
  registerRoute(app, r.groupExams, (req, { params }) =>
    req.tenant((tx, actor) => groupExams(tx, actor, now(), params.id)),
  );
  registerRoute(app, r.addExam, (req, { params, body }) =>
    req.tenant((tx, actor) => addExam(tx, actor, now(), params.id, body)),
  );
  registerRoute(app, r.exam, (req, { params }) => req.tenant((tx, actor) => examPage(tx, actor, now(), params)));
  registerRoute(app, r.updateExam, (req, { params, body }) =>
    req.tenant((tx, actor) => updateExam(tx, actor, now(), params, body)),
  );
  registerRoute(app, r.deleteExam, (req, { params }) => req.tenant((tx, actor) => deleteExam(tx, actor, params)));
  registerRoute(app, r.setResult, (req, { params, body }) =>
    req.tenant((tx, actor) => setExamResult(tx, actor, params, body)),
  );
  registerRoute(app, r.startAttempt, (req, { params }) =>
    req.tenant((tx, actor) => startAttempt(tx, actor, now(), params)),
  );
  registerRoute(app, r.saveAnswer, async (req, { params, body }) =>
    unlessExpired(await req.tenant((tx, actor) => saveAttemptAnswer(tx, actor, now(), params, body))),
  );
  registerRoute(app, r.submitAttempt, async (req, { params }) =>
    unlessExpired(await req.tenant((tx, actor) => submitAttempt(tx, actor, now(), params))),
  );
  registerRoute(app, r.studentResults, (req, { params }) =>
    req.tenant((tx, actor) => studentExamResults(tx, actor, params.id)),
  );
  registerRoute(app, r.roadmap, (req, { query }) => req.tenant((tx, actor) => roadmap(tx, actor, now(), query)));
}
