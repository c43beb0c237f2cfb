import { lazyPage } from '../../app/feature-routes';
import { RequireArea } from '../../app/guards/route-guards';

/**
 * Spec §2 /onboarding (issue 16): drawn inside the shell. Its calls are the owner's and the CEO's (the
 * `admin` area of spec §6), so anyone else goes to his role's home rather than meeting refusals.
 */
const OnboardingPage = lazyPage(() => import('./onboarding-page'), 'OnboardingPage');
export const onboardingElement = (
  <RequireArea area="admin">
    <OnboardingPage />
  </RequireArea>
);
