import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCheckoutRoutes } from './checkout-routes.js';
import { registerClickRoutes } from './click-routes.js';
import { registerMidtransRoutes } from './midtrans-routes.js';
import { registerPaymeRoutes } from './payme-routes.js';

/**
 * Online payments (issue 17, docs/decisions/0026): the providers' callbacks (each protocol in its own file) and
 * the checkouts students and staff open.
 */
export default async function onlinePaymentsModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerCheckoutRoutes(app);
  await registerClickRoutes(app);
  await registerPaymeRoutes(app);
  await registerMidtransRoutes(app);
}
