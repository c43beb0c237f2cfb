import { type FeatureRoute, lazyPage } from '../../app/feature-routes';
import { OFFER_PATH } from './offer-prompt';

const OfferPage = lazyPage(() => import('./offer-page'), 'OfferPage');

/**
 * Issue 17: the offer's own page, the link an administrator sends to students. Every user with a page of his
 * own (the "user" area) may open it; a student accepts there.
 */
export const featureRoutes: FeatureRoute[] = [{ path: OFFER_PATH, area: 'user', element: <OfferPage /> }];
