import { BILLING_BLOCKED_PATH, isLicencePage } from './licence-paths';

/** GET /licence's query key, here so the app's error handling can refresh it without loading the screens. */
export const LICENCE_KEY = ['licence'] as const;

interface LicenceBlockDeps {
  pathname: () => string;
  navigate: (to: string) => void;
  /** Asks GET /licence again: the header's notice then shows why nothing can be saved. */
  refreshLicence: () => void;
}

/**
 * The app-wide answer to a 402 (decision 0026). `licence_expired`: past the grace only the licence's own pages
 * work, so the user is taken to /auth/billing-page — unless he is on one of them already, where the shell's
 * widgets meet the same refusal. `licence_read_only` (the grace): the page stays; the notice says until when.
 */
export function licenceBlockHandler(deps: LicenceBlockDeps): (code: string) => void {
  return (code) => {
    if (code === 'licence_expired' && !isLicencePage(deps.pathname())) deps.navigate(BILLING_BLOCKED_PATH);
    deps.refreshLicence();
  };
}
