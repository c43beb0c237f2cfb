import { signUpRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { confirmSignUp } from './confirm.js';
import { takeHandoff } from './handoff.js';
import { resendSignUpCode, startSignUp } from './sign-up.js';
import { checkSubdomain } from './subdomains.js';

/** Issue 16: a centre signs itself up (spec §2 /auth/register). Password recovery is the auth module's. */
export default async function registrationModule(app: FastifyInstance) {
  const now = () => app.clock();

  registerRoute(app, signUpRoutes.checkSubdomain, (_req, { query }) =>
    checkSubdomain(app.database.db, query.subdomain, app.baseDomain),
  );
  registerRoute(app, signUpRoutes.startSignUp, (req, { body }) => startSignUp(app, body, req.ip, now()));
  registerRoute(app, signUpRoutes.resendSignUpCode, (_req, { body }) => resendSignUpCode(app, body.request_id, now()));
  registerRoute(app, signUpRoutes.confirmSignUp, (_req, { body }) => confirmSignUp(app, body, now()));
  registerRoute(app, signUpRoutes.takeHandoff, (req, { body }) =>
    takeHandoff(
      app,
      { handoff: body.handoff, subdomain: req.hostSubdomain ?? null, ip: req.ip, userAgent: req.headers['user-agent'] },
      now(),
    ),
  );
}
