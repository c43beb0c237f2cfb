import type { OnboardingStep } from '@crm/contracts';
import { Alert, App, Button, Card, Col, Flex, Popconfirm, Result, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, isHandledGlobally } from '../../shared/api/error-message';
import { PageSpinner } from '../../shared/ui/page-spinner';
import { useFinishOnboarding, useOnboarding } from './onboarding-api';
import { OnboardingStepPanel } from './onboarding-step-panel';
import { OnboardingStepper } from './onboarding-stepper';
import { OnboardingSummary } from './onboarding-summary';

const DASHBOARD = '/dashboard';

/**
 * Spec §2 /onboarding (issue 16): logo and hours, then a first course, room, teacher, student and group.
 * Where it stands is kept on the server, so a reload opens the first step neither done nor skipped;
 * finishing or skipping the whole wizard ends it for good and opens the dashboard.
 */
export function OnboardingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const onboarding = useOnboarding();
  const finish = useFinishOnboarding();
  // A step the owner opened from the stepper; otherwise the one the server says is due.
  const [opened, setOpened] = useState<OnboardingStep | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const open = opened ?? onboarding.data?.current ?? null;

  // On a phone the next step's form starts below a long one just sent: bring its top into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each newly opened step, not each render
  useEffect(() => {
    const top = panel.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) panel.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [open]);

  const end = () =>
    finish.mutate(undefined, {
      onSuccess: () => navigate(DASHBOARD, { replace: true }),
      onError: (error) => !isHandledGlobally(error) && message.error(errorMessage(t, error)),
    });

  if (onboarding.isPending) return <PageSpinner />;
  if (onboarding.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('onboarding.loadError')}
        description={errorMessage(t, onboarding.error)}
        action={<Button onClick={() => onboarding.refetch()}>{t('common.retry')}</Button>}
      />
    );

  const standing = onboarding.data;
  if (standing.finished)
    return (
      <Result
        status="success"
        title={t('onboarding.over.title')}
        subTitle={t('onboarding.over.text')}
        extra={
          <Button type="primary" onClick={() => navigate(DASHBOARD)}>
            {t('onboarding.over.toDashboard')}
          </Button>
        }
      />
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="start" wrap gap={8}>
        <div style={{ flex: '1 1 320px' }}>
          <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
            {t('onboarding.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('onboarding.subtitle')}</Typography.Text>
        </div>
        {standing.current !== null && (
          <Popconfirm
            title={t('onboarding.skipAllQuestion')}
            description={<div style={{ maxWidth: 300 }}>{t('onboarding.skipAllText')}</div>}
            okText={t('onboarding.skipAll')}
            cancelText={t('common.cancel')}
            onConfirm={end}
          >
            <Button loading={finish.isPending}>{t('onboarding.skipAll')}</Button>
          </Popconfirm>
        )}
      </Flex>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={8} lg={6}>
          <OnboardingStepper standing={standing} open={open} onOpen={setOpened} />
        </Col>
        <Col xs={24} md={16} lg={18} ref={panel}>
          <Card>
            {open === null ? (
              <OnboardingSummary standing={standing} finishing={finish.isPending} onFinish={end} />
            ) : (
              // Keyed by step: each step starts from an empty form and a fresh save of its own.
              <OnboardingStepPanel key={open} step={open} standing={standing} onLeave={() => setOpened(null)} />
            )}
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
