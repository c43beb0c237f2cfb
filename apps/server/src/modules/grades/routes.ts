import { gradeRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { gradeGiven } from '../telegram-bot/notice-events.js';
import { gradeOverview, studentGrades } from './grade-reports.js';
import { gradeSettingsOf, saveGradeSettings } from './grade-settings.js';
import { groupGrades, setGrade } from './grading.js';
import { rating, studentPlaces } from './rating.js';

/** Issue 19's grades: the settings (settings-grade), a group's grades beside its attendance, a student's. */
export default async function gradesModule(app: FastifyInstance) {
  registerRoute(app, gradeRoutes.gradeSettings, (req) => req.tenant((tx, actor) => gradeSettingsOf(tx, actor)));
  registerRoute(app, gradeRoutes.saveGradeSettings, (req, { body }) =>
    req.tenant((tx, actor) => saveGradeSettings(tx, actor, body)),
  );
  registerRoute(app, gradeRoutes.groupGrades, (req, { params }) =>
    req.tenant((tx, actor) => groupGrades(tx, actor, params)),
  );
  registerRoute(app, gradeRoutes.setGrade, async (req, { body }) => {
    const grade = await req.tenant((tx, actor) => setGrade(tx, actor, app.clock(), body));
    await gradeGiven(req, grade);
    return grade;
  });
  registerRoute(app, gradeRoutes.studentGrades, (req, { params, query }) =>
    req.tenant((tx, actor) => studentGrades(tx, actor, params.id, query)),
  );
  registerRoute(app, gradeRoutes.rating, (req, { query }) => req.tenant((tx, actor) => rating(tx, actor, query)));
  registerRoute(app, gradeRoutes.studentPlaces, (req, { params, query }) =>
    req.tenant((tx, actor) => studentPlaces(tx, actor, params.id, query.month)),
  );
  registerRoute(app, gradeRoutes.gradeOverview, (req, { query }) =>
    req.tenant((tx, actor) => gradeOverview(tx, actor, app.clock(), query)),
  );
}
