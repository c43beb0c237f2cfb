import { defineRoute } from './api-routes.js';
import { loginResponseSchema, okSchema } from './auth.js';
import {
  codeSentSchema,
  forgotPasswordSchema,
  forgotPasswordSentSchema,
  handoffSchema,
  resetPasswordSchema,
  signUpConfirmSchema,
  signUpDoneSchema,
  signUpFormSchema,
  signUpResendSchema,
  subdomainCheckQuerySchema,
  subdomainCheckSchema,
} from './sign-up.js';

export * from './sign-up.js';

const tags = ['auth'];

/**
 * Sign-up and password recovery (spec §2 /auth register, forgot-password, reset-password; issue 16). All
 * public: each is limited per address and per phone, and answers nothing about who exists.
 */
export const signUpRoutes = {
  checkSubdomain: defineRoute({
    method: 'GET',
    path: '/auth/register/subdomain',
    operationId: 'checkSubdomain',
    summary: 'Whether a subdomain may be a new centre’s: well formed, not reserved, not taken.',
    tags,
    access: 'public',
    query: subdomainCheckQuerySchema,
    body: undefined,
    response: subdomainCheckSchema,
  }),
  startSignUp: defineRoute({
    method: 'POST',
    path: '/auth/register',
    operationId: 'startSignUp',
    summary: 'Checks the sign-up form and sends a 6-digit code to the owner’s phone; nothing is created yet.',
    tags,
    access: 'public',
    query: undefined,
    body: signUpFormSchema,
    response: codeSentSchema,
  }),
  resendSignUpCode: defineRoute({
    method: 'POST',
    path: '/auth/register/resend',
    operationId: 'resendSignUpCode',
    summary: 'Sends a new code (60 s after the last; the old one stops working).',
    tags,
    access: 'public',
    query: undefined,
    body: signUpResendSchema,
    response: codeSentSchema,
  }),
  confirmSignUp: defineRoute({
    method: 'POST',
    path: '/auth/register/confirm',
    operationId: 'confirmSignUp',
    summary: 'With the right code: the company, its first branch, its CEO and a trial licence, all or nothing.',
    tags,
    access: 'public',
    query: undefined,
    body: signUpConfirmSchema,
    response: signUpDoneSchema,
  }),
  takeHandoff: defineRoute({
    method: 'POST',
    path: '/auth/handoff',
    operationId: 'takeHandoff',
    summary: 'On the new centre’s host: exchanges the sign-up’s two-minute handoff for the CEO’s session.',
    tags,
    access: 'public',
    query: undefined,
    body: handoffSchema,
    response: loginResponseSchema,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'Sends a recovery code to the phone if a user of this company has it; the answer is the same if not.',
    tags,
    access: 'public',
    query: undefined,
    body: forgotPasswordSchema,
    response: forgotPasswordSentSchema,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Sets a new password with the phone’s code; every session of that phone’s users ends.',
    tags,
    access: 'public',
    query: undefined,
    body: resetPasswordSchema,
    response: okSchema,
  }),
};
