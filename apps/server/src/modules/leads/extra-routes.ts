import {
  LANGUAGES,
  leadConversionSchema,
  leadFormInfoSchema,
  leadReportQuerySchema,
  okSchema,
  publicLeadSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptSpreadsheetUploads, sendXlsx } from '../../platform/spreadsheet-http.js';
import { findCompanyPublic } from '../company/service.js';
import { postImportJob } from '../jobs/import-job.js';
import { leadExportQuerySchema, leadsForExport } from './lead-excel-export.js';
import { leadsImport } from './lead-excel-import.js';
import { leadSampleWorkbook, leadsWorkbook } from './lead-excel-workbook.js';
import { leadFormInfo, submitPublicLead } from './lead-public.js';
import { leadReport } from './lead-report.js';

const tags = ['leads'];
/** Spec §6: leads are the marketer's and the admin set's. */
const leadsArea = { access: 'leads' } as const;
/** The statistics are a report (admins, branch director) and the marketer's own measure of his work. */
const statsAccess = { access: { anyOf: ['reports', 'leads'] } } as const;

const langQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/**
 * Spec §2 /entry lead form, §3 lead statistics, §7 GET /leadReport/, GET /leadExport and the lead
 * import: the public form (company from the subdomain, no log-in), statistics and spreadsheets.
 */
export default async function leadExtrasModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await acceptSpreadsheetUploads(fastify);

  app.get(
    '/public/lead-form',
    {
      config: { access: 'public' },
      schema: { tags, security: [], response: { 200: leadFormInfoSchema } },
    },
    (req) => leadFormInfo(app.database.db, req.hostSubdomain),
  );

  app.post(
    '/public/lead',
    {
      config: { access: 'public' },
      schema: {
        tags,
        security: [],
        description:
          'The public lead form: no log-in, the company of the subdomain. A filled `website` stores nothing.',
        body: publicLeadSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await submitPublicLead(app.database.db, req.hostSubdomain, req.body, req.ip);
      return { ok: true as const };
    },
  );

  app.get(
    '/leadReport/',
    {
      config: statsAccess,
      schema: { tags, querystring: leadReportQuerySchema, response: { 200: leadConversionSchema } },
    },
    (req) => req.tenant((tx, actor) => leadReport(tx, actor, req.query)),
  );

  app.get(
    '/leadExport',
    {
      config: { ...leadsArea, work: 'export' },
      schema: { tags, description: 'The matching leads as xlsx.', querystring: leadExportQuerySchema },
    },
    async (req, reply) => {
      const { data, company } = await req.tenant(async (tx, actor) => ({
        data: await leadsForExport(tx, actor, req.query),
        company: await findCompanyPublic(tx, actor.companyId),
      }));
      // Written after the transaction: building the sheet is CPU work that needs no connection.
      return sendXlsx(
        reply,
        await leadsWorkbook(data, req.query.lang ?? company.locale, company.country),
        'leads.xlsx',
      );
    },
  );

  app.get(
    '/leads/import/sample',
    { config: leadsArea, schema: { tags, querystring: langQuery } },
    async (req, reply) => {
      const company = await req.tenant((tx, actor) => findCompanyPublic(tx, actor.companyId));
      const buffer = await leadSampleWorkbook(req.query.lang ?? company.locale, company.country);
      return sendXlsx(reply, buffer, 'leads-sample.xlsx');
    },
  );

  postImportJob(fastify, '/leads/import', leadsImport);
}
