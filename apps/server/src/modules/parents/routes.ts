import { parentRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { childAttendance, childOverview } from './child-page.js';
import { ownChildren } from './children.js';
import { logInWithCode, sendLoginCode } from './login-code.js';
import { parentByPhone, parentsOfStudent } from './parent-links.js';

/** Issue 24: parents' accounts — the log-in by code, the children's pages, and the staff's view of parents. */
export default async function parentsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A code by SMS costs money and reaches a person: five a minute per address on top of the code's own limits.
  const codeRequests = app.requestRate('login-code', 5);
  // Each code allows five tries; this stops one address trying codes of many phones.
  const codeTries = app.requestRate('login-code-verify', 20);

  registerRoute(app, parentRoutes.sendLoginCode, async (req, { body }) => {
    await spendOrRefuse(codeRequests, req.ip);
    return sendLoginCode(
      app,
      { subdomain: req.hostSubdomain ?? body.subdomain ?? null, phone: body.phone, ip: req.ip },
      app.clock(),
    );
  });
  registerRoute(app, parentRoutes.logInWithCode, async (req, { body }) => {
    await spendOrRefuse(codeTries, req.ip);
    return logInWithCode(
      app,
      {
        subdomain: req.hostSubdomain ?? body.subdomain ?? null,
        phone: body.phone,
        code: body.code,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      },
      app.clock(),
    );
  });

  registerRoute(app, parentRoutes.children, (req) => req.tenant((tx, actor) => ownChildren(tx, actor)));
  registerRoute(app, parentRoutes.child, (req, { params }) =>
    req.tenant((tx, actor) => childOverview(tx, actor, params.id, app.clock())),
  );
  registerRoute(app, parentRoutes.childAttendance, (req, { params, query }) =>
    req.tenant((tx, actor) => childAttendance(tx, actor, params.id, query.month, app.clock())),
  );
  registerRoute(app, parentRoutes.studentParents, (req, { params }) =>
    req.tenant((tx, actor) => parentsOfStudent(tx, actor, params.id)),
  );
  registerRoute(app, parentRoutes.parentByPhone, (req, { query }) =>
    req.tenant((tx, actor) => parentByPhone(tx, actor, query.phone)),
  );
}
