import {
  countryRules,
  ERROR_MESSAGES,
  type ErrorCode,
  type MidtransCheckoutQuery,
  midtransRoutes,
} from '@crm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSnapTransaction, MidtransSnapError } from '../../adapters/payments/midtrans-snap.js';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/actor.js';
import { AppError } from '../../platform/errors.js';
import type { RequestRate } from '../../platform/request-rate.js';
import { registerRoute } from '../../platform/route-table.js';
import { findCompanyPublic } from '../company/service.js';
import { asPlatform } from '../console/platform-db.js';
import { paymentTaken } from '../sms/events.js';
import { originOf } from './checkout-redirect.js';
import { checkoutNumberOf, setCheckoutStatus } from './checkouts.js';
import { openFeeCheckout } from './fee-checkouts.js';
import { companyMerchantOf, resolveMerchant } from './merchants.js';
import {
  applyMidtransNotification,
  type MidtransOutcome,
  midtransNotificationSchema,
  midtransSignatureMatches,
} from './midtrans-notifications.js';

/** Midtrans posts from a few addresses for all its merchants: generous; the signature is the real defence. */
const NOTIFICATIONS_PER_MINUTE = 1_200;
/** A notification is about a kilobyte. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Midtrans (issue 17): POST /payments/midtrans/{merchant}/notification, the Payment Notification URL of the
 * merchant's Midtrans dashboard, where {merchant} is 'platform' (licences) or the centre's subdomain (its
 * students' fees); and GET /midtrans/generate (spec §7), the fee checkout a student opens.
 *
 * Midtrans reads only the HTTP status of our answer and posts again, for a while, on anything but a 2xx:
 * 200 {"status":"ok"} for every notification taken (booked, recorded, or a repeat); 403 for a bad signature
 * and 404 for a merchant or order that is not ours, which a real Midtrans never sends, so its retries cost
 * nothing and its "cannot deliver" e-mail tells the centre its dashboard points here by mistake; 400 for a
 * gross amount unlike the order's (nothing booked, a person must look); 500 when we failed, so it comes again.
 */
export async function registerMidtransRoutes(app: FastifyInstance) {
  const rate = app.requestRate('midtrans-notification', NOTIFICATIONS_PER_MINUTE);
  // Encapsulated: the body is read as text and parsed here, so a broken one gets Midtrans's plain 400 rather
  // than the API's error JSON; the rest of the API keeps its parsers.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { merchant: string } }>(
      '/payments/midtrans/:merchant/notification',
      {
        config: { access: 'public' },
        schema: {
          tags: ['online-payments'],
          security: [],
          description:
            'Midtrans HTTP notification (JSON, signature_key = SHA-512 of order_id + status_code + gross_amount + ' +
            'server key): `merchant` is "platform" (licences) or the centre\'s subdomain (students\' fees).',
        },
      },
      (req, reply) => answerNotification(req, reply, rate),
    );
  });

  registerRoute(app, midtransRoutes.generateMidtransCheckout, async (req, { query }) => {
    const opened = await req.tenant((tx, actor) => openMidtransCheckout(tx, actor, query));
    const { checkout, credentials, customer, description } = opened;
    try {
      const snap = await createSnapTransaction(
        req.server.payments.midtransSnapUrl,
        credentials,
        {
          number: checkoutNumberOf(checkout),
          amount: checkout.amount,
          currency: checkout.currency,
          returnUrl: `${originOf(req)}/entry/pay/${checkout.token}`,
          description,
          customer,
        },
        fetch,
        { log: req.log },
      );
      return {
        token: snap.token,
        redirect_url: snap.redirect_url,
        client_key: credentials.client_key,
        checkout_token: checkout.token,
      };
    } catch (err) {
      // No Snap page: the checkout closes, so it never shows as a payment waiting to be made.
      await req.tenant((tx) => setCheckoutStatus(tx, checkout, 'cancelled'));
      const failure = err instanceof MidtransSnapError ? err.failure : 'error';
      req.log.warn({ midtrans: { checkout_id: checkout.id, failure } }, 'midtrans snap transaction not made');
      // Midtrans refusing the server key is the centre's set-up, not an outage to wait out.
      if (failure === 'unauthorized')
        throw new AppError(422, 'payment_provider_not_configured', { provider: 'midtrans' });
      throw new AppError(502, 'payment_provider_unavailable', { provider: 'midtrans' });
    }
  });
}

async function answerNotification(
  req: FastifyRequest<{ Params: { merchant: string } }>,
  reply: FastifyReply,
  rate: RequestRate,
) {
  // Midtrans reads only the status (200 stops its retries); a refusal's body is the API's own error shape.
  const answer = (status: number, body: Record<string, string>) =>
    reply.status(status).send(status === 200 ? body : refusal(status, body.message ?? ''));
  if ((await rate.take(req.ip)) > 0) return answer(429, { status: 'error', message: 'too many requests' });
  const parsed = midtransNotificationSchema.safeParse(parseJson(req.body));
  if (!parsed.success) return answer(400, { status: 'error', message: 'not a Midtrans notification' });
  const n = parsed.data;
  const db = req.server.database.db;
  const merchant = await resolveMerchant(db, 'midtrans', req.params.merchant);
  if (!merchant) return answer(404, { status: 'error', message: 'unknown merchant' });
  // Logged by order and status only: never the signature or the key.
  const about = { order_id: n.order_id, transaction_status: n.transaction_status };
  if (!midtransSignatureMatches(n, merchant.credentials.server_key)) {
    req.log.warn({ midtrans: about }, 'midtrans notification with a wrong signature refused');
    return answer(403, { status: 'error', message: 'invalid signature' });
  }

  let outcome: MidtransOutcome;
  try {
    outcome = await asPlatform(db, (tx) => applyMidtransNotification(tx, merchant.ref, n, req.server.clock()));
  } catch (err) {
    // Rolled back, nothing booked: Midtrans posts it again later.
    req.log.error({ err, midtrans: about }, 'midtrans notification failed');
    return answer(500, { status: 'error', message: 'try again' });
  }
  if (outcome.kind === 'unknown_order') {
    req.log.warn({ midtrans: about }, 'midtrans notification for an order that is not this merchant’s');
    return answer(404, { status: 'error', message: 'unknown order' });
  }
  if (outcome.kind === 'wrong_amount') {
    req.log.error({ midtrans: { ...about, gross_amount: n.gross_amount } }, 'midtrans gross amount unlike the order');
    return answer(400, { status: 'error', message: 'gross_amount differs from the order' });
  }
  if (outcome.note)
    req.log.warn({ midtrans: { ...about, note: outcome.note } }, 'midtrans notification changed nothing');
  const settled = outcome.settled;
  // After the commit: the "payment done" SMS of a student's fee (keyed, so a repeat queues none). The money is
  // booked whatever happens to the SMS, so Midtrans hears success either way.
  if (settled?.purpose === 'fee' && settled.studentId) {
    await paymentTaken(
      req,
      { id: settled.entryId, amount: settled.amount, kind: 'payment', student: { id: settled.studentId } },
      settled.companyId,
    ).catch((err: unknown) => req.log.error({ err }, 'payment-done SMS not queued'));
  }
  return answer(200, { status: 'ok' });
}

const REFUSAL_CODES: Record<number, ErrorCode> = {
  400: 'validation_failed',
  403: 'forbidden',
  404: 'not_found',
  429: 'too_many_requests',
  500: 'internal',
};

/** The API's error answer for a refused notification, with what was wrong in the details. */
function refusal(status: number, reason: string) {
  const code = REFUSAL_CODES[status] ?? 'internal';
  return { error: { code, message: ERROR_MESSAGES[code], details: { reason } } };
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * The fee checkout of GET /midtrans/generate, in the caller's company transaction: the student himself, or a
 * student staff name, booked in the branch asked for (see openFeeCheckout for who may pay for whom).
 */
async function openMidtransCheckout(tx: Tx, actor: Actor, query: MidtransCheckoutQuery) {
  const studentId = query.student_id ?? actor.id;
  const { checkout, target } = await openFeeCheckout(
    tx,
    actor,
    { student_id: studentId, branch_id: query.branch_id, provider: 'midtrans', amount: query.amount },
    studentId === actor.id ? 'student' : 'staff',
  );
  const credentials = await companyMerchantOf(tx, actor.companyId, 'midtrans');
  if (!credentials) throw new AppError(422, 'payment_provider_not_configured', { provider: 'midtrans' });
  const company = await findCompanyPublic(tx, actor.companyId);
  const phonePrefix = countryRules(company.datas.country).phonePrefix ?? '';
  return {
    checkout,
    credentials,
    // What Midtrans's page shows the payer: the centre and the student (no words to translate).
    description: `${company.name}: ${target.studentName}`,
    customer: { name: target.studentName, phone: target.studentPhone ? `${phonePrefix}${target.studentPhone}` : null },
  };
}
