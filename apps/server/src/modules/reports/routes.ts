import {
  attendanceReportQuerySchema,
  attendanceReportSchema,
  reportExportLangSchema,
  skipClassesQuerySchema,
  skipClassesReportSchema,
} from '@crm/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attendanceReport, attendanceReportRows } from './attendance-report.js';
import { attendanceWorkbook, companyCountry, skipClassesWorkbook } from './export.js';
import { registerRemainingReports } from './remaining-routes.js';
import { skipClassesReport, skipClassesRows } from './skip-classes.js';

const tags = ['reports'];
/** Spec §6: reports are for the administrators and the branch director (owner and CEO pass anyway). */
const config = { access: 'reports' } as const;

const attendanceExportQuery = attendanceReportQuerySchema
  .omit({ page: true, per_page: true })
  .extend(reportExportLangSchema.shape);
const skipClassesExportQuery = skipClassesQuerySchema
  .omit({ page: true, per_page: true })
  .extend(reportExportLangSchema.shape);

const sendWorkbook = (reply: FastifyReply, name: string, period: { from: string; till: string }, file: Buffer) =>
  reply
    .header('content-disposition', `attachment; filename="${name}-${period.from}_${period.till}.xlsx"`)
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(file);

/** Spec §2 reports attendance and skip-classes, §7 GET /attendance_report/, with their Excel downloads. */
export default async function reportsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Spec §7 writes the path with a slash at the end; clients that drop it reach the same report.
  for (const url of ['/attendance_report/', '/attendance_report']) {
    app.get(
      url,
      { config, schema: { tags, querystring: attendanceReportQuerySchema, response: { 200: attendanceReportSchema } } },
      (req) => req.tenant((tx, actor) => attendanceReport(tx, actor, req.server.clock(), req.query)),
    );
  }

  app.get(
    '/attendance_report/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: attendanceExportQuery } },
    async (req, reply) => {
      const { rows, totals } = await req.tenant((tx, actor) =>
        attendanceReportRows(tx, actor, req.server.clock(), req.query),
      );
      return sendWorkbook(reply, 'attendance', req.query, await attendanceWorkbook(rows, totals, req.query.lang));
    },
  );

  app.get(
    '/reports/skip-classes',
    { config, schema: { tags, querystring: skipClassesQuerySchema, response: { 200: skipClassesReportSchema } } },
    (req) => req.tenant((tx, actor) => skipClassesReport(tx, actor, req.server.clock(), req.query)),
  );

  app.get(
    '/reports/skip-classes/export',
    { config: { ...config, work: 'export' }, schema: { tags, querystring: skipClassesExportQuery } },
    async (req, reply) => {
      const { rows, country } = await req.tenant(async (tx, actor) => ({
        rows: await skipClassesRows(tx, actor, req.server.clock(), req.query),
        country: await companyCountry(tx, actor.companyId),
      }));
      return sendWorkbook(reply, 'skip-classes', req.query, await skipClassesWorkbook(rows, country, req.query.lang));
    },
  );

  registerRemainingReports(fastify);
}
