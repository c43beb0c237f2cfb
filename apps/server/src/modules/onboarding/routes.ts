import { onboardingRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { finishOnboarding, getOnboarding, recordStep } from './service.js';

/** Spec §2 /onboarding, §4 guard (issue 16): the wizard's progress, kept on the server. Owner and CEO. */
export default async function onboardingModule(app: FastifyInstance) {
  registerRoute(app, onboardingRoutes.getOnboarding, (req) => req.tenant((tx, actor) => getOnboarding(tx, actor)));
  registerRoute(app, onboardingRoutes.recordOnboardingStep, (req, { body }) =>
    req.tenant((tx, actor) => recordStep(tx, actor, body)),
  );
  registerRoute(app, onboardingRoutes.finishOnboarding, (req) =>
    req.tenant((tx, actor) => finishOnboarding(tx, actor)),
  );
}
