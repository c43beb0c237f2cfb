import { z } from 'zod';
import { defineRoute } from './api-routes.js';
import { AMOUNT_MAX } from './money.js';

/**
 * Spec §7 finance: GET /midtrans/generate (amount, branch_id). A student pays his fee through the centre's own
 * Midtrans account (issue 17): the server opens a checkout and a Snap transaction, and the web opens Snap.js
 * with the token (or sends the payer to redirect_url). Staff with the students area may open one for a
 * student of their branches by naming him (student_id).
 */
export const midtransCheckoutQuerySchema = z.object({
  /** In rupiah (IDR has no minor unit). */
  amount: z.coerce.number().int().positive().max(AMOUNT_MAX),
  /** One of the student's branches: the branch the payment is booked in. */
  branch_id: z.coerce.number().int().positive(),
  /** Staff only; a student pays for himself. */
  student_id: z.coerce.number().int().positive().optional(),
});
export type MidtransCheckoutQuery = z.infer<typeof midtransCheckoutQuerySchema>;

export const midtransCheckoutSchema = z.object({
  /** Snap's transaction token, for `snap.pay(token)`. */
  token: z.string(),
  /** Midtrans's payment page, for a payer without Snap.js. */
  redirect_url: z.string(),
  /** The centre's Midtrans client key, which Snap.js is loaded with (public by Midtrans's design). */
  client_key: z.string(),
  /** Our checkout's token: the "payment done" page (/entry/pay/{token}) reads its status by it. */
  checkout_token: z.uuid(),
});
export type MidtransCheckout = z.infer<typeof midtransCheckoutSchema>;

export const midtransRoutes = {
  generateMidtransCheckout: defineRoute({
    method: 'GET',
    path: '/midtrans/generate',
    operationId: 'generateMidtransCheckout',
    summary: 'Opens a fee checkout through the centre’s Midtrans account and answers its Snap token.',
    tags: ['online-payments'],
    // A student pays for himself; staff need the students area (checked by the service with student_id).
    access: 'signedIn',
    query: midtransCheckoutQuerySchema,
    body: undefined,
    response: midtransCheckoutSchema,
  }),
};
