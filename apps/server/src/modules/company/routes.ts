import {
  branchSchema,
  companyPublicSchema,
  companyRoutes,
  companySettingsUpdateSchema,
  companySharedInfoSchema,
  idParamsSchema,
} from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { registerRoute } from '../../platform/route-table.js';
import companyPictureRoutes from './picture-routes.js';
import { assertOwnCompany, findCompanyBySubdomain, findCompanyPublic, listBranches } from './service.js';
import { getCompanySettings, updateCompanySettings } from './settings.js';

/** Spec §7 "Auth and company" (the company's history log is the history module's). */
export default async function companyModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/company/subdomain/:sub',
    {
      config: { access: 'public' },
      schema: {
        tags: ['company'],
        security: [],
        params: z.object({ sub: z.string().trim().toLowerCase().max(63) }),
        response: { 200: companySharedInfoSchema },
      },
    },
    async (req) => {
      const company = await findCompanyBySubdomain(app.database.db, req.params.sub);
      if (!company) throw new AppError(404, 'company_not_found');
      const { disabled: _disabled, ...shared } = company;
      return shared;
    },
  );

  app.get(
    '/company/:id',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['company'], params: idParamsSchema, response: { 200: companyPublicSchema } },
    },
    (req) =>
      req.tenant((tx, actor) => {
        assertOwnCompany(actor, req.params.id);
        return findCompanyPublic(tx, actor.companyId);
      }),
  );

  registerRoute(app, companyRoutes.getCompanySettings, (req, { params }) =>
    req.tenant((tx, actor) => getCompanySettings(tx, actor, params.id)),
  );

  registerRoute(app, companyRoutes.getCompanyDatas, (req, { params }) =>
    req.tenant(async (tx, actor) => {
      assertOwnCompany(actor, params.id);
      return (await findCompanyPublic(tx, actor.companyId)).datas;
    }),
  );

  // Spec §2 settings (general company settings): the settings area, i.e. the branch
  // director besides owner and CEO (spec §6). Answers the company as GET /company/{id};
  // the backgrounds it dropped leave the storage once the change has committed.
  app.put(
    '/company/:id/datas',
    {
      config: { access: 'settings' },
      schema: {
        tags: ['company'],
        params: idParamsSchema,
        body: companySettingsUpdateSchema,
        response: { 200: companyPublicSchema },
      },
    },
    async (req) => {
      const { company, released } = await req.tenant((tx, actor) =>
        updateCompanySettings(tx, actor, req.params.id, req.body),
      );
      if (released.length) await app.files.remove(company.id, released);
      return company;
    },
  );

  app.get(
    '/branch',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['company'], response: { 200: z.object({ data: z.array(branchSchema) }) } },
    },
    (req) => req.tenant(async (tx, actor) => ({ data: await listBranches(tx, actor) })),
  );

  await app.register(companyPictureRoutes);
}
