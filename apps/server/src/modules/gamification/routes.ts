import { gamificationRoutes, PRODUCT_PHOTO, productPhotoAddress, productPhotoKeyOf } from '@crm/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FieldRefusal } from '../../platform/errors.js';
import { firstUploadedFile } from '../../platform/files.js';
import { readUploadedImage, resizePicture } from '../../platform/images.js';
import { JOBS } from '../../platform/jobs/registry.js';
import { PublicPictures, servePublicPictures } from '../../platform/public-pictures.js';
import { registerRoute } from '../../platform/route-table.js';
import { coinAccount, giveCoins, groupCoinBalances } from './coin-accounts.js';
import { assertGamificationOn, readCoinSettings, saveCoinSettings } from './coin-settings.js';
import { coinsOfTheDayFor, dispatchCoinDays } from './daily.js';
import { cancelOrder, confirmOrder, listOrders, orderChoices } from './orders.js';
import { createProduct, deleteProduct, listProducts, updateProduct } from './products.js';
import { cancelMyOrder, placeOrder, studentShop } from './shop.js';

/** Issue 21: the gamification shop — coins, the shop panel, orders and the student's shop. */
export default async function gamificationModule(app: FastifyInstance) {
  // Multipart only in this plugin's photo upload; the other routes take JSON.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: PRODUCT_PHOTO.maxBytes, files: 1, fields: 5, fieldSize: 1024 },
  });
  const photos = new PublicPictures(app.files, 'shop-products', {
    addressOf: productPhotoAddress,
    keyOf: productPhotoKeyOf,
  });
  const r = gamificationRoutes;
  const now = () => app.clock();

  registerRoute(app, r.settings, (req) =>
    req.tenant(async (tx, actor) => {
      await assertGamificationOn(tx, actor.companyId);
      return readCoinSettings(tx, actor.companyId);
    }),
  );
  registerRoute(app, r.saveSettings, (req, { body }) => req.tenant((tx, actor) => saveCoinSettings(tx, actor, body)));

  registerRoute(app, r.products, (req, { query }) => req.tenant((tx, actor) => listProducts(tx, actor, query)));
  registerRoute(app, r.createProduct, (req, { body }) =>
    req.tenant((tx, actor) => createProduct(tx, actor, photos, body)),
  );
  registerRoute(app, r.updateProduct, async (req, { params, body }) => {
    const { product, released } = await req.tenant((tx, actor) => updateProduct(tx, actor, photos, params.id, body));
    await photos.release(req.claims!.companyId, [released]);
    return product;
  });
  registerRoute(app, r.deleteProduct, async (req, { params }) => {
    const { released } = await req.tenant((tx, actor) => deleteProduct(tx, actor, params.id));
    await photos.release(req.claims!.companyId, [released]);
    return { ok: true as const };
  });
  registerRoute(app, r.uploadPhoto, async (req) => {
    // The caller as he is now (roles, licence, the company's switch) before a byte of the photo is read.
    const companyId = await req.tenant(async (tx, actor) => {
      await assertGamificationOn(tx, actor.companyId);
      return actor.companyId;
    });
    const part = await firstUploadedFile(req);
    if (!part) throw new FieldRefusal([{ field: 'file', rule: 'required', sentence: 'required' }]);
    const { bytes } = await readUploadedImage(part.file, PRODUCT_PHOTO.maxBytes);
    const photo = await resizePicture(bytes, { maxPixels: PRODUCT_PHOTO.pixels, format: 'jpeg' });
    return { address: await photos.save(companyId, photo.bytes) };
  });
  servePublicPictures(app, '/gamification/photo/:company_id/:key', photos, {
    tags: ['gamification'],
    summary: 'A product photo (public like the company’s pictures: an <img> sends no token).',
  });

  registerRoute(app, r.orders, (req, { query }) => req.tenant((tx, actor) => listOrders(tx, actor, now(), query)));
  registerRoute(app, r.orderChoices, (req) => req.tenant((tx, actor) => orderChoices(tx, actor)));
  registerRoute(app, r.confirmOrder, async (req, { params, body }) => {
    const answer = await req.tenant((tx, actor) => confirmOrder(tx, actor, now(), params.id, body.code));
    // A wrong code's count is committed with the transaction; only then is the request refused.
    if ('refusal' in answer) throw answer.refusal;
    return answer.order;
  });
  registerRoute(app, r.cancelOrder, (req, { params }) =>
    req.tenant((tx, actor) => cancelOrder(tx, actor, now(), params.id)),
  );

  registerRoute(app, r.coins, (req, { params, query }) =>
    req.tenant((tx, actor) => coinAccount(tx, actor, params.id, query)),
  );
  registerRoute(app, r.giveCoins, (req, { params, body }) =>
    req.tenant((tx, actor) => giveCoins(tx, actor, params.id, body)),
  );
  registerRoute(app, r.groupCoins, (req, { params }) =>
    req.tenant((tx, actor) => groupCoinBalances(tx, actor, params.id)),
  );

  registerRoute(app, r.shop, (req) => req.tenant((tx, actor) => studentShop(tx, actor, now())));
  registerRoute(app, r.placeOrder, (req, { body }) =>
    req.tenant((tx, actor) => placeOrder(tx, actor, now(), body.product_id)),
  );
  registerRoute(app, r.cancelMyOrder, (req, { params }) =>
    req.tenant((tx, actor) => cancelMyOrder(tx, actor, now(), params.id)),
  );

  app.jobs.handle(JOBS.gamificationDispatch, () => dispatchCoinDays(app));
  app.jobs.handle(JOBS.gamificationCompanyDay, ({ companyId, date }) => coinsOfTheDayFor(app, companyId, date));
}
