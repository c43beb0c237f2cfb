/** Spec §2: billing, billing/order, /auth/billing-page and the visitor's /entry pages of the licence. */
export const BILLING_PATH = '/billing';
export const BILLING_ORDER_PATH = '/billing/order';
/** Where a signed-in user lands once the licence has ended past its grace (API 402 licence_expired). */
export const BILLING_BLOCKED_PATH = '/auth/billing-page';

/** The visitor's pages: /entry/order for a named centre, and the three regional offers (spec §2 /entry). */
export const ENTRY_ORDER_PATH = '/entry/order';
export const OFFER_REGIONS = ['uz', 'kz', 'id'] as const;
export type OfferRegion = (typeof OFFER_REGIONS)[number];
export const offerPath = (region: OfferRegion) => `/entry/offer-${region}`;
/** Each of them has this child: the provider sends the payer back to it. */
export const SUCCESS_CHILD = 'success/:transaction/:subdomain/:login';

/**
 * The pages reachable with an ended licence: a 402 met on them (the shell's header widgets ask for data the
 * server no longer gives) must not send the user away from the page where he pays.
 */
export const isLicencePage = (pathname: string): boolean =>
  pathname === BILLING_BLOCKED_PATH || pathname === BILLING_PATH || pathname.startsWith(`${BILLING_PATH}/`);
