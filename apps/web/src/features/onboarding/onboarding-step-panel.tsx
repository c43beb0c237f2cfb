import {
  ONBOARDING_STEPS,
  type Onboarding,
  type OnboardingCreated,
  type OnboardingStep,
  type OnboardingStepInput,
} from '@crm/contracts';
import { Alert, Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/session/use-session';
import type { InlineForm } from '../../shared/ui/inline-form-frame';
import { CourseFormModal } from '../courses/course-form-modal';
import { RoomFormModal } from '../rooms/room-form-modal';
import { PEOPLE_KINDS } from '../users/people-kinds';
import { PersonFormModal } from '../users/person-form-modal';
import { CompanyStep } from './company-step';
import { GroupStep } from './group-step';
import { useRecordStep } from './onboarding-api';
import { stateOf } from './onboarding-stepper';

// The domain forms close their dialog after a save; drawn in place there is nothing to close.
const stayOpen = () => {};
const CREATE = { mode: 'create' } as const;

/**
 * One step of the wizard: its domain's real form (issue 16: "not a copy"), drawn in place. A save records
 * the step done with what it made; Skip records it skipped. A step already answered can be filled again
 * (one more course) or left with "Go on".
 */
export function OnboardingStepPanel({
  step,
  standing,
  onLeave,
}: {
  step: OnboardingStep;
  standing: Onboarding;
  /** Back to the step the server says is due (or the summary). */
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { branch } = useSession();
  const record = useRecordStep();
  const state = stateOf(standing, step);

  const send = (input: OnboardingStepInput) => record.mutate(input, { onSuccess: onLeave });
  const done = (created?: OnboardingCreated) => send({ step, state: 'done', created });
  const skip = () => (state === null ? send({ step, state: 'skipped' }) : onLeave());

  const inline: InlineForm = {
    submitText: t('onboarding.saveAndContinue'),
    extra: (
      <Button onClick={skip} loading={record.isPending && record.variables?.state === 'skipped'}>
        {t(state === null ? 'onboarding.skip' : 'onboarding.goOn')}
      </Button>
    ),
  };

  const forms: Record<OnboardingStep, () => ReactNode> = {
    company: () => <CompanyStep inline={inline} onSaved={() => done()} />,
    course: () => (
      <CourseFormModal
        target={CREATE}
        onClose={stayOpen}
        inline={inline}
        onSaved={(course) => done({ course_id: course.id })}
      />
    ),
    room: () =>
      branch !== null && (
        <RoomFormModal
          target={CREATE}
          branchId={branch}
          onClose={stayOpen}
          inline={inline}
          onSaved={(room) => done({ room_id: room.id })}
        />
      ),
    teacher: () => (
      <PersonFormModal
        kind={PEOPLE_KINDS.teacher}
        target={CREATE}
        onClose={stayOpen}
        inline={inline}
        onCreated={(id) => done({ teacher_id: id })}
      />
    ),
    student: () => (
      <PersonFormModal
        kind={PEOPLE_KINDS.student}
        target={CREATE}
        onClose={stayOpen}
        inline={inline}
        onCreated={(id) => done({ student_id: id })}
      />
    ),
    group: () => <GroupStep standing={standing} inline={inline} onSaved={(group) => done({ group_id: group.id })} />,
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Text type="secondary">
          {t('onboarding.stepOf', { number: ONBOARDING_STEPS.indexOf(step) + 1, count: ONBOARDING_STEPS.length })}
        </Typography.Text>
        <Typography.Title level={2} style={{ fontSize: 20, margin: '4px 0' }}>
          {t(`onboarding.steps.${step}.title`)}
        </Typography.Title>
        <Typography.Text type="secondary">{t(`onboarding.steps.${step}.text`)}</Typography.Text>
      </div>
      {state !== null && (
        <Alert
          type="info"
          showIcon
          title={t(state === 'done' ? 'onboarding.alreadyDone' : 'onboarding.alreadySkipped')}
        />
      )}
      {record.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={
            record.variables?.state === 'done'
              ? t('onboarding.recordError', { reason: errorMessage(t, record.error) })
              : errorMessage(t, record.error)
          }
          action={
            <Button size="small" onClick={() => record.variables && send(record.variables)}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {forms[step]()}
    </Flex>
  );
}
