/** The addresses of issue 20's landing page screens and of the pages the server renders for visitors. */
export const LANDING_LIST_PATH = '/form/landing-pages';
export const LANDING_NEW_PATH = '/form/landing-pages/new';
export const landingEditPath = (id: number) => `${LANDING_LIST_PATH}/${id}`;
/** Spec §2 form/login-form: the log-in page's look. */
export const LOGIN_LOOK_PATH = '/form/login-form';
/** Where the company's pictures (logo, backgrounds) are uploaded. */
export const SETTINGS_PATH = '/settings';

/**
 * A page's public address on this company's host, as visitors type it. Always https: that is how a centre's
 * subdomain is served to visitors, whatever the address this screen was opened at.
 */
export const publicLandingAddress = (path: string) => `https://${window.location.host}${path}`;

/**
 * The page's address for the preview frame: the server lets browsers keep a page a minute, so each saved version
 * gets an address of its own and the frame shows what was just saved.
 */
export const previewAddress = (path: string, version: string) => `${path}?v=${encodeURIComponent(version)}`;
