import { defineRoute } from './api-routes.js';
import { onboardingSchema, onboardingStepInputSchema } from './onboarding.js';

export * from './onboarding.js';

const tags = ['onboarding'];

/** The onboarding wizard (spec §2 /onboarding, §4 guard; issue 16): owner and CEO. */
export const onboardingRoutes = {
  getOnboarding: defineRoute({
    method: 'GET',
    path: '/onboarding',
    operationId: 'getOnboarding',
    summary: 'Where the company’s onboarding stands: each step done, skipped or ahead, and what it made.',
    tags,
    access: 'admin',
    query: undefined,
    body: undefined,
    response: onboardingSchema,
  }),
  recordOnboardingStep: defineRoute({
    method: 'PUT',
    path: '/onboarding/step',
    operationId: 'recordOnboardingStep',
    summary: 'Marks a step done (with what it made) or skipped; a reload resumes after it.',
    tags,
    access: 'admin',
    query: undefined,
    body: onboardingStepInputSchema,
    response: onboardingSchema,
  }),
  finishOnboarding: defineRoute({
    method: 'POST',
    path: '/onboarding/finish',
    operationId: 'finishOnboarding',
    summary: 'Ends onboarding for good (finished or skipped): the log-in guard no longer sends anyone there.',
    tags,
    access: 'admin',
    query: undefined,
    body: undefined,
    response: onboardingSchema,
  }),
};
