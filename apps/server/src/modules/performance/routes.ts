import { performanceExportQuerySchema, performanceRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { performanceWorkbook } from './export.js';
import type { PerformanceKey } from './performance-places.js';
import {
  coursePerformance,
  coursesConversion,
  performanceOf,
  teacherPerformance,
  teachersConversion,
} from './productivity.js';
import { studentsActivity } from './students-activity.js';

const tags = ['performance'];

/**
 * Spec §2 performance_teachers/list, performance_courses/list and reports/performance; §7
 * /reports/teachers/productivity, /reports/conversion/teachers|courses, /reports/students/activity.
 */
export default async function performanceModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const r = performanceRoutes;

  registerRoute(app, r.teacherPerformance, (req, { query }) =>
    req.tenant((tx, actor) => teacherPerformance(tx, actor, query)),
  );
  registerRoute(app, r.coursePerformance, (req, { query }) =>
    req.tenant((tx, actor) => coursePerformance(tx, actor, query)),
  );
  registerRoute(app, r.teachersProductivity, (req, { query }) =>
    req.tenant((tx, actor) => teacherPerformance(tx, actor, query)),
  );
  registerRoute(app, r.coursesProductivity, (req, { query }) =>
    req.tenant((tx, actor) => coursePerformance(tx, actor, query)),
  );
  registerRoute(app, r.teachersConversion, (req, { query }) =>
    req.tenant((tx, actor) => teachersConversion(tx, actor, query)),
  );
  registerRoute(app, r.coursesConversion, (req, { query }) =>
    req.tenant((tx, actor) => coursesConversion(tx, actor, query)),
  );
  registerRoute(app, r.studentsActivity, (req, { query }) =>
    req.tenant((tx, actor) => studentsActivity(tx, actor, query)),
  );

  // The tables' Excel files: the page's filters, the figures the caller may see (no income for the limited admin).
  const exports: [string, PerformanceKey][] = [
    [`${r.teacherPerformance.path}/export`, 'teacher'],
    [`${r.coursePerformance.path}/export`, 'course'],
  ];
  for (const [url, key] of exports) {
    app.get(
      url,
      {
        config: { access: 'performance', work: 'export' },
        schema: { tags, operationId: `${key}PerformanceExport`, querystring: performanceExportQuerySchema },
      },
      async (req, reply) => {
        const report = await req.tenant((tx, actor) => performanceOf(tx, actor, req.query, key));
        const file = await performanceWorkbook(report, key, req.query.lang);
        return reply
          .header(
            'content-disposition',
            `attachment; filename="${key}-performance-${req.query.from}_${req.query.till}.xlsx"`,
          )
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(file);
      },
    );
  }
}
