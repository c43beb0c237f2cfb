import { lazyPage } from '../../app/feature-routes';

/** Spec §2 /onboarding (issue 16): drawn inside the shell, for owner and CEO. */
const ComingSoonPage = lazyPage(() => import('../system/coming-soon-page'), 'ComingSoonPage');
export const onboardingElement = <ComingSoonPage />;
