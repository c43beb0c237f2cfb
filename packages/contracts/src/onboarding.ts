import { z } from 'zod';
import { Role, type RoleId } from './roles.js';

/** The wizard's steps in order (issue 16): the company's face and hours, then one of each thing a day needs. */
export const ONBOARDING_STEPS = ['company', 'course', 'room', 'teacher', 'student', 'group'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const onboardingStepSchema = z.enum(ONBOARDING_STEPS);

export const onboardingStepStateSchema = z.enum(['done', 'skipped']);

/** What a step made, so a later step can offer it (the group step: the course, room, teacher and student). */
export const onboardingCreatedSchema = z.object({
  course_id: z.number().int().optional(),
  room_id: z.number().int().optional(),
  teacher_id: z.number().int().optional(),
  student_id: z.number().int().optional(),
  group_id: z.number().int().optional(),
});
export type OnboardingCreated = z.infer<typeof onboardingCreatedSchema>;

/** datas.onboarding as stored: kept on the server so a reload resumes where the owner was. */
export const onboardingStoredSchema = z.object({
  steps: z.partialRecord(onboardingStepSchema, onboardingStepStateSchema).default({}),
  created: onboardingCreatedSchema.default({}),
});
export type OnboardingStored = z.infer<typeof onboardingStoredSchema>;

/** GET /onboarding. */
export const onboardingSchema = z.object({
  /** The first step neither done nor skipped; null when every step is. */
  current: onboardingStepSchema.nullable(),
  steps: z.array(z.object({ step: onboardingStepSchema, state: onboardingStepStateSchema.nullable() })),
  created: onboardingCreatedSchema,
  finished: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

/** PUT /onboarding/step: a step done (with what it made) or skipped. */
export const onboardingStepInputSchema = z.object({
  step: onboardingStepSchema,
  state: onboardingStepStateSchema,
  created: onboardingCreatedSchema.optional(),
});
export type OnboardingStepInput = z.infer<typeof onboardingStepInputSchema>;

/**
 * Spec §4 login guard: a CEO whose company has no logo and has not finished onboarding goes to /onboarding.
 * Finishing or skipping sets `onboarded`, for good.
 */
export function needsOnboarding(me: {
  current_role: RoleId;
  company: { logo: string | null; datas: { onboarded: boolean } };
}): boolean {
  return me.current_role === Role.ceo && !me.company.logo && !me.company.datas.onboarded;
}
