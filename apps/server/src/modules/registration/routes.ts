import { signUpRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { spendOrRefuse } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { confirmSignUp } from './confirm.js';
import { takeHandoff } from './handoff.js';
import { resendSignUpCode, startSignUp } from './sign-up.js';
import { checkSubdomain } from './subdomains.js';

/** Live subdomain checks one address may make a minute (a fast typist with pauses makes a few). */
export const SUBDOMAIN_CHECKS_PER_MINUTE = 60;
/** Handoffs one address may try a minute. */
export const HANDOFFS_PER_MINUTE = 10;

/** Issue 16: a centre signs itself up (spec §2 /auth/register). Password recovery is the auth module's. */
export default async function registrationModule(app: FastifyInstance) {
  const now = () => app.clock();
  // The sign-up form's live check asks at every pause in typing; the handoff is tried once per sign-up.
  const checks = app.requestRate('subdomain-check', SUBDOMAIN_CHECKS_PER_MINUTE);
  const handoffs = app.requestRate('sign-up-handoff', HANDOFFS_PER_MINUTE);

  registerRoute(app, signUpRoutes.checkSubdomain, async (req, { query }) => {
    await spendOrRefuse(checks, req.ip);
    return checkSubdomain(app.database.db, query.subdomain, app.baseDomain);
  });
  registerRoute(app, signUpRoutes.startSignUp, (req, { body }) => startSignUp(app, body, req.ip, now()));
  registerRoute(app, signUpRoutes.resendSignUpCode, (_req, { body }) => resendSignUpCode(app, body.request_id, now()));
  registerRoute(app, signUpRoutes.confirmSignUp, (_req, { body }) => confirmSignUp(app, body, now()));
  registerRoute(app, signUpRoutes.takeHandoff, async (req, { body }) => {
    await spendOrRefuse(handoffs, req.ip);
    return takeHandoff(
      app,
      { handoff: body.handoff, subdomain: req.hostSubdomain ?? null, ip: req.ip, userAgent: req.headers['user-agent'] },
      now(),
    );
  });
}
