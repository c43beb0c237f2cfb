import { ONBOARDING_STEPS, type Onboarding, type OnboardingStep } from '@crm/contracts';
import { Grid, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../shared/ui/visually-hidden';

export const stateOf = (standing: Onboarding, step: OnboardingStep) =>
  standing.steps.find((entry) => entry.step === step)?.state ?? null;

/**
 * The six steps with where each stands. A step done or skipped, and the one due, can be opened again;
 * steps ahead wait their turn (the group step offers what the earlier ones made).
 */
export function OnboardingStepper({
  standing,
  open,
  onOpen,
}: {
  standing: Onboarding;
  /** The step shown; null: the summary. */
  open: OnboardingStep | null;
  onOpen: (step: OnboardingStep) => void;
}) {
  const { t } = useTranslation();
  // A phone has room for the six marks in a row only: titles and states are then read out, not shown
  // (the open step's panel names itself).
  const wide = Grid.useBreakpoint().md ?? false;
  const items = ONBOARDING_STEPS.map((step) => {
    const state = stateOf(standing, step);
    const reachable = state !== null || step === standing.current;
    const title = t(`onboarding.steps.${step}.title`);
    const said = state ? t(`onboarding.state.${state}`) : step === standing.current ? t('onboarding.state.now') : '';
    return {
      key: step,
      ...(wide
        ? { title, content: said }
        : { title: <VisuallyHidden>{said ? `${title}: ${said}` : title}</VisuallyHidden> }),
      status: step === open ? ('process' as const) : state === 'done' ? ('finish' as const) : ('wait' as const),
      disabled: !reachable,
    };
  });
  return (
    <nav aria-label={t('onboarding.title')}>
      <Steps
        orientation={wide ? 'vertical' : 'horizontal'}
        responsive={false}
        size="small"
        current={open === null ? ONBOARDING_STEPS.length : ONBOARDING_STEPS.indexOf(open)}
        items={items}
        onChange={(index) => onOpen(ONBOARDING_STEPS[index])}
      />
    </nav>
  );
}
