import type { Offer, OfferState } from '@crm/contracts';

/** GET /offer as the tests need it: version 1 in force in English and Russian, the caller not yet signed. */
export function anOffer(overrides: Partial<Offer> = {}, state: Partial<OfferState> = {}): Offer {
  return {
    current: {
      version: 1,
      texts: { en: 'Public offer\n\n1. The centre teaches.\n2. The student pays.', ru: 'Публичная оферта' },
      published_at: '2025-03-01T08:00:00.000Z',
    },
    state: { current_version: 1, accepted_version: null, accepted_at: null, signed: false, ...state },
    policies: { can_publish: false, can_accept: true },
    ...overrides,
  };
}

/** The state after accepting `version`. */
export const signedState = (version: number): OfferState => ({
  current_version: version,
  accepted_version: version,
  accepted_at: '2025-03-02T09:00:00.000Z',
  signed: true,
});
