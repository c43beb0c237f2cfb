import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestRate } from '../../platform/request-rate.js';
import { asPlatform } from '../console/platform-db.js';
import { paymentTaken } from '../sms/events.js';
import { resolveMerchant } from './merchants.js';
import { PAYME_HANDLERS, type PaymeOutcome } from './payme-merchant.js';
import {
  isObject,
  isPaymeMethod,
  PAYME_ERRORS,
  type PaymeError,
  PaymeFault,
  readRpcRequest,
} from './payme-protocol.js';
import type { Settled } from './settlement.js';

/**
 * POST /api/v1/payments/payme/:merchant — the address given to Payme Business as the merchant API endpoint:
 * `:merchant` is 'platform' (licences, the platform's cashbox) or a centre's subdomain (its students' fees).
 * Payme speaks JSON-RPC and reads only its own answers, so every answer here is HTTP 200 with a result or
 * Payme's error object, a malformed body and a failure of ours included; never the API's error JSON.
 */

/** Per calling address and minute: Payme calls often (a payer's every step, statements), so it is generous. */
const CALLS_PER_MINUTE = 1_200;
/** A Payme request is a few hundred bytes. */
const BODY_LIMIT_BYTES = 64 * 1024;

const PARSE_FAILED = Symbol('parse failed');

export async function registerPaymeRoutes(app: FastifyInstance) {
  const rate = app.requestRate('payme', CALLS_PER_MINUTE);
  // Encapsulated: the body is read as text here, whatever its type, so a broken one gets Payme's -32700
  // instead of the app's JSON parser's 400; the rest of the API keeps its parsers.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    plain.removeAllContentTypeParsers();
    plain.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payments/payme/:merchant',
      {
        config: { access: 'public' },
        schema: {
          tags: ['online-payments'],
          security: [],
          // Any text: an unknown merchant is answered in Payme's words (-32504), not by validation.
          params: z.object({ merchant: z.string() }),
          description:
            'Payme merchant API (JSON-RPC 2.0, Basic "Paycom:{key}"): `merchant` is "platform" (licences) or the ' +
            "centre's subdomain (students' fees). Always HTTP 200 with Payme's result or error.",
        },
      },
      (req, reply) => answerPayme(req, reply, rate),
    );
  });
}

async function answerPayme(req: FastifyRequest, reply: FastifyReply, rate: RequestRate) {
  const body = parseBody(req.body);
  // Payme's request id is echoed in every answer that can read it.
  const id = isObject(body) ? (body.id ?? null) : null;
  const send = (answer: { result: unknown } | { error: PaymeError }) =>
    reply.status(200).send({ jsonrpc: '2.0', id, ...answer });

  if ((await rate.take(req.ip, req.server.clock().getTime())) > 0) return send({ error: PAYME_ERRORS.system('rate') });
  const merchant = await resolveMerchant(
    req.server.database.db,
    'payme',
    (req.params as { merchant: string }).merchant,
  );
  if (!merchant || !authorized(req.headers.authorization, merchant.credentials.key)) {
    return send({ error: PAYME_ERRORS.insufficientPrivilege() });
  }
  if (body === PARSE_FAILED) return send({ error: PAYME_ERRORS.parse() });
  const request = readRpcRequest(body);
  if (!request) return send({ error: PAYME_ERRORS.invalidRequest() });
  if (!isPaymeMethod(request.method)) return send({ error: PAYME_ERRORS.methodNotFound(String(request.method)) });

  const handler = PAYME_HANDLERS[request.method];
  const now = req.server.clock();
  let outcome: PaymeOutcome;
  try {
    outcome = await asPlatform(req.server.database.db, (tx) =>
      handler({ tx, ref: merchant.ref, params: request.params, now }),
    );
  } catch (err) {
    if (err instanceof PaymeFault) return send({ error: err.error });
    // Logged without the request's headers or body: they carry the key and the payer's order.
    req.log.error({ err, method: request.method }, 'payme callback failed');
    return send({ error: PAYME_ERRORS.system() });
  }
  if ('error' in outcome) return send({ error: outcome.error });
  if (outcome.settled) await afterSettled(req, outcome.settled);
  return send({ result: outcome.result });
}

function parseBody(raw: unknown): unknown {
  if (typeof raw !== 'string') return PARSE_FAILED;
  try {
    return JSON.parse(raw);
  } catch {
    return PARSE_FAILED;
  }
}

/** Basic "Paycom:{key}", compared in constant time (as digests, so the key's length does not show either). */
function authorized(header: string | undefined, key: string): boolean {
  const encoded = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i)?.[1];
  if (!encoded) return false;
  const expected = createHash('sha256').update(`Paycom:${key}`).digest();
  const given = createHash('sha256').update(Buffer.from(encoded, 'base64').toString('utf8')).digest();
  return timingSafeEqual(expected, given);
}

/** A student's fee that came in: the "payment done" SMS, once the booking is committed. */
async function afterSettled(req: FastifyRequest, settled: Settled) {
  if (settled.purpose !== 'fee' || !settled.studentId) return;
  await paymentTaken(
    req,
    { id: settled.entryId, amount: settled.amount, kind: 'payment', student: { id: settled.studentId } },
    settled.companyId,
  );
}
