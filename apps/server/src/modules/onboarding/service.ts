import {
  companyDatasSchema,
  ONBOARDING_STEPS,
  type Onboarding,
  type OnboardingCreated,
  type OnboardingStepInput,
  type OnboardingStored,
} from '@crm/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, courses, groups, rooms, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { recordHistory } from '../../platform/history.js';
import { mergeCompanyDatas } from '../company/datas-writer.js';
import { invalidField } from '../users/service.js';

async function readState(tx: Tx, companyId: number) {
  const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, companyId));
  const datas = companyDatasSchema.parse(row?.datas ?? {});
  return { stored: datas.onboarding, finished: datas.onboarded };
}

function answer(stored: OnboardingStored, finished: boolean): Onboarding {
  const steps = ONBOARDING_STEPS.map((step) => ({ step, state: stored.steps[step] ?? null }));
  return {
    current: finished ? null : (steps.find((s) => s.state === null)?.step ?? null),
    steps,
    created: stored.created,
    finished,
  };
}

/** GET /onboarding. */
export async function getOnboarding(tx: Tx, actor: Actor): Promise<Onboarding> {
  const { stored, finished } = await readState(tx, actor.companyId);
  return answer(stored, finished);
}

/** The ids a step says it made must be this company's (row-level security hides others'): else 400. */
async function assertCreatedExist(tx: Tx, companyId: number, created: OnboardingCreated): Promise<void> {
  const checks: [keyof OnboardingCreated, () => Promise<unknown[]>][] = [
    [
      'course_id',
      () =>
        tx
          .select({ id: courses.id })
          .from(courses)
          .where(and(eq(courses.companyId, companyId), eq(courses.id, created.course_id ?? 0))),
    ],
    [
      'room_id',
      () =>
        tx
          .select({ id: rooms.id })
          .from(rooms)
          .where(and(eq(rooms.companyId, companyId), eq(rooms.id, created.room_id ?? 0))),
    ],
    [
      'teacher_id',
      () =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.id, created.teacher_id ?? 0), isNull(users.archivedAt))),
    ],
    [
      'student_id',
      () =>
        tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.id, created.student_id ?? 0), isNull(users.archivedAt))),
    ],
    [
      'group_id',
      () =>
        tx
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.companyId, companyId), eq(groups.id, created.group_id ?? 0))),
    ],
  ];
  for (const [field, rows] of checks) {
    if (created[field] !== undefined && (await rows()).length === 0) {
      throw invalidField(`created.${field}`, 'not_found', 'No such record in this company.');
    }
  }
}

/** PUT /onboarding/step: a step done (with what it made) or skipped; kept so a reload resumes after it. */
export async function recordStep(tx: Tx, actor: Actor, input: OnboardingStepInput): Promise<Onboarding> {
  const { stored, finished } = await readState(tx, actor.companyId);
  const created = input.state === 'done' ? (input.created ?? {}) : {};
  await assertCreatedExist(tx, actor.companyId, created);
  const next: OnboardingStored = {
    steps: { ...stored.steps, [input.step]: input.state },
    created: { ...stored.created, ...created },
  };
  await mergeCompanyDatas(tx, actor.companyId, { onboarding: next });
  await recordHistory(tx, actor, {
    event: 'onboardingStepRecorded',
    entity: 'company',
    entityId: actor.companyId,
    data: { step: input.step, state: input.state, ...created },
  });
  return answer(next, finished);
}

/** POST /onboarding/finish: over for good; the log-in guard sends nobody here again. Repeating it is harmless. */
export async function finishOnboarding(tx: Tx, actor: Actor): Promise<Onboarding> {
  const { stored, finished } = await readState(tx, actor.companyId);
  if (!finished) {
    await mergeCompanyDatas(tx, actor.companyId, { onboarded: true });
    const skipped = ONBOARDING_STEPS.some((step) => stored.steps[step] !== 'done');
    await recordHistory(tx, actor, {
      event: 'onboardingFinished',
      entity: 'company',
      entityId: actor.companyId,
      data: { skipped },
    });
  }
  return answer(stored, true);
}
