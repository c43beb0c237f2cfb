import { authRoutes, loginRequestSchema, loginResponseSchema, meSchema, okSchema, signUpRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { loadMe } from './me.js';
import { forgotPassword, resetPassword } from './recovery.js';
import { changeOwnPassword, login, logout } from './service.js';

/** Spec §7 "Auth and company": POST /auth/login, /auth/me, /auth/logout; PUT /auth/password (issue 13). */
export default async function authModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], security: [], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    (req) =>
      login(app.database.db, app.tokens, {
        subdomain: req.hostSubdomain ?? req.body.subdomain ?? null,
        subdomainFrom: req.hostSubdomain ? 'host' : 'body',
        phone: req.body.phone,
        password: req.body.password,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  );

  app.post(
    '/auth/me',
    { config: { access: 'signedIn', licence: 'always' }, schema: { tags: ['auth'], response: { 200: meSchema } } },
    (req) => req.tenant((tx, actor) => loadMe(tx, actor)),
  );

  app.post(
    '/auth/logout',
    { config: { access: 'signedIn', licence: 'always' }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    (req) => req.tenant((tx, actor) => logout(tx, actor).then(() => ({ ok: true as const }))),
  );

  registerRoute(app, authRoutes.changeOwnPassword, async (req, { body }) => {
    await changeOwnPassword(req, body);
    return { ok: true as const };
  });

  // Issue 16: password recovery by a code sent to the phone, on the company's host.
  registerRoute(app, signUpRoutes.forgotPassword, (req, { body }) =>
    forgotPassword(app, { subdomain: req.hostSubdomain ?? null, phone: body.phone, ip: req.ip }, app.clock()),
  );
  registerRoute(app, signUpRoutes.resetPassword, async (req, { body }) => {
    await resetPassword(app, { ...body, subdomain: req.hostSubdomain ?? null }, app.clock());
    return { ok: true as const };
  });
}
