import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import type { RequestRate } from '../../platform/request-rate.js';
import { paymentTaken } from '../sms/events.js';
import { CLICK_ERRORS, type ClickAction, type ClickAnswer, handleClickCall } from './click-shop.js';

/** Click calls from a few addresses for all its merchants: generous; the sign is the real defence. */
const CALLS_PER_MINUTE = 3000;

/**
 * Click's SHOP API callbacks (click-shop.ts): POST /payments/click/{merchant}/prepare and .../complete, where
 * {merchant} is 'platform' (licences) or the centre's subdomain (its students' fees), as entered in the
 * merchant's Click cabinet. Click posts application/x-www-form-urlencoded, which the app parses nowhere else:
 * the parser lives in this plugin's own scope. Answers are Click's JSON, never the API's error shape.
 */
export async function registerClickRoutes(app: FastifyInstance) {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const rate = app.requestRate('click', CALLS_PER_MINUTE);
    for (const action of ['prepare', 'complete'] as const satisfies readonly ClickAction[]) {
      scope.post<{ Params: { merchant: string } }>(
        `/payments/click/:merchant/${action}`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['online-payments'],
            security: [],
            description:
              `Click SHOP API ${action} callback (form-encoded, MD5 sign_string): \`merchant\` is "platform" ` +
              '(licences) or the centre’s subdomain (students’ fees). Answers in Click’s words.',
          },
        },
        (req, reply) => answerClick(req, reply, action, rate),
      );
    }
  });
}

async function answerClick(
  req: FastifyRequest<{ Params: { merchant: string } }>,
  reply: FastifyReply,
  action: ClickAction,
  rate: RequestRate,
): Promise<ClickAnswer> {
  // Over the limit: the API's own refusal (Click retries a call that did not answer 200).
  if ((await rate.take(req.ip)) > 0) throw new AppError(429, 'too_many_requests');
  let outcome: Awaited<ReturnType<typeof handleClickCall>>;
  try {
    outcome = await handleClickCall(req.server.database.db, action, req.params.merchant, req.body, req.server.clock());
  } catch (error) {
    // Nothing was booked (the transaction rolled back): Click is told so in its words and cancels its side.
    req.log.error({ err: error, merchant: req.params.merchant, action }, 'click callback failed');
    const [code, note] = CLICK_ERRORS.failedToUpdate;
    return { click_trans_id: null, merchant_trans_id: null, error: code, error_note: note };
  }
  const { answer, settled } = outcome;
  // After the commit: the "payment done" SMS of a student's fee (the job is keyed, so a repeat sends none).
  // The money is booked whatever happens to the SMS, so Click hears success either way.
  if (settled?.purpose === 'fee') {
    const student = settled.studentId ? { id: settled.studentId } : null;
    await paymentTaken(
      req,
      { id: settled.entryId, amount: settled.amount, kind: 'payment', student },
      settled.companyId,
    ).catch((error: unknown) => req.log.error({ err: error }, 'payment-done SMS not queued'));
  }
  return answer;
}
