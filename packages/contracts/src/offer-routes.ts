import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import {
  offerAcceptSchema,
  offerPublishSchema,
  offerSchema,
  offerStateSchema,
  offerVersionDetailSchema,
  offerVersionParamsSchema,
  offerVersionsSchema,
} from './offer.js';

export * from './offer.js';

const tags = ['offer'];

/** The centre's offer (issue 17; spec §3 User "offer (signed) state", spec §7 PUT user/{id}/offer). */
export const offerRoutes = {
  getOffer: defineRoute({
    method: 'GET',
    path: '/offer',
    operationId: 'getOffer',
    summary: 'The offer in force with its texts, the caller’s own acceptance and what he may do.',
    tags,
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: offerSchema,
  }),
  publishOffer: defineRoute({
    method: 'POST',
    path: '/offer',
    operationId: 'publishOffer',
    summary: 'Publishes a new version of the offer; every student is asked to accept it again.',
    tags,
    access: 'settings',
    query: undefined,
    body: offerPublishSchema,
    response: offerSchema,
  }),
  listOfferVersions: defineRoute({
    method: 'GET',
    path: '/offer/versions',
    operationId: 'listOfferVersions',
    summary: 'Every published version, newest first, with how many accepted it.',
    tags,
    access: 'settings',
    query: undefined,
    body: undefined,
    response: offerVersionsSchema,
  }),
  getOfferVersion: defineRoute({
    method: 'GET',
    path: '/offer/versions/:version',
    operationId: 'getOfferVersion',
    summary: 'One published version with its texts, as the students who accepted it read it.',
    tags,
    access: 'settings',
    params: offerVersionParamsSchema,
    query: undefined,
    body: undefined,
    response: offerVersionDetailSchema,
  }),
  acceptOffer: defineRoute({
    method: 'PUT',
    path: '/user/:id/offer',
    operationId: 'acceptOffer',
    summary:
      'Records that a student accepted the version in force: the student himself, or staff of his branch ' +
      '(a paper signature). Accepting the same version again answers the same state.',
    tags,
    access: { anyOf: ['students', 'user'] },
    params: idParamsSchema,
    query: undefined,
    body: offerAcceptSchema,
    response: offerStateSchema,
  }),
};
