import { offerRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerRoute } from '../../platform/route-table.js';
import { acceptOffer, getOffer, getOfferVersion, listOfferVersions, publishOffer } from './service.js';

/** The centre's offer (issue 17): read by everyone signed in, published in the settings, accepted by students. */
export default async function offerModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerRoute(app, offerRoutes.getOffer, (req) => req.tenant((tx, actor) => getOffer(tx, actor)));
  registerRoute(app, offerRoutes.publishOffer, (req, { body }) =>
    req.tenant((tx, actor) => publishOffer(tx, actor, body)),
  );
  registerRoute(app, offerRoutes.listOfferVersions, (req) => req.tenant((tx, actor) => listOfferVersions(tx, actor)));
  registerRoute(app, offerRoutes.getOfferVersion, (req, { params }) =>
    req.tenant((tx, actor) => getOfferVersion(tx, actor, params.version)),
  );
  // The address is kept with the acceptance, as evidence of who accepted from where.
  registerRoute(app, offerRoutes.acceptOffer, (req, { params, body }) =>
    req.tenant((tx, actor) => acceptOffer(tx, actor, params.id, body, req.ip ?? null)),
  );
}
