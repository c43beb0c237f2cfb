import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '@crm/contracts';
import { Button, Flex, Result, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PEOPLE_KINDS } from '../users/people-kinds';
import { stateOf } from './onboarding-stepper';

/** Where what a step made can be seen (the company step changes the company itself: nothing to open). */
function madeAt(step: OnboardingStep, created: Onboarding['created']): string | null {
  const at: Record<OnboardingStep, string | null> = {
    company: null,
    course: created.course_id ? `/courses/${created.course_id}` : null,
    room: created.room_id ? '/rooms/list' : null,
    teacher: created.teacher_id ? PEOPLE_KINDS.teacher.profilePath(created.teacher_id) : null,
    student: created.student_id ? PEOPLE_KINDS.student.profilePath(created.student_id) : null,
    group: created.group_id ? `/groups/${created.group_id}` : null,
  };
  return at[step];
}

/** Every step answered: what each made or that it was skipped, and Finish. */
export function OnboardingSummary({
  standing,
  finishing,
  onFinish,
}: {
  standing: Onboarding;
  finishing: boolean;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={8}>
      <Result
        status="success"
        title={t('onboarding.summary.title')}
        subTitle={t('onboarding.summary.text')}
        style={{ padding: '16px 0' }}
        extra={
          <Button type="primary" size="large" loading={finishing} onClick={onFinish}>
            {t('onboarding.summary.finish')}
          </Button>
        }
      />
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ONBOARDING_STEPS.map((step) => {
          const state = stateOf(standing, step);
          const link = state === 'done' ? madeAt(step, standing.created) : null;
          const title = t(`onboarding.steps.${step}.title`);
          return (
            <li key={step} style={{ padding: '8px 0', borderBottom: `1px solid ${token.colorSplit}` }}>
              <Flex gap={8} align="center" wrap>
                {state === 'done' ? (
                  <CheckCircleFilled style={{ color: token.colorSuccess }} />
                ) : (
                  <MinusCircleOutlined style={{ color: token.colorTextTertiary }} />
                )}
                <Typography.Text>{title}</Typography.Text>
                <Typography.Text type="secondary">· {t(`onboarding.state.${state ?? 'skipped'}`)}</Typography.Text>
                {link && (
                  <Link
                    to={link}
                    aria-label={t('onboarding.summary.openWhat', { what: title })}
                    style={{ marginInlineStart: 'auto' }}
                  >
                    {t('onboarding.summary.open')}
                  </Link>
                )}
              </Flex>
            </li>
          );
        })}
      </ul>
    </Flex>
  );
}
