import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import {
  worklyAtWorkParamsSchema,
  worklyAtWorkSchema,
  worklyBindInputSchema,
  worklyBindingSchema,
  worklyBindingsSchema,
  worklyBranchQuerySchema,
  worklyConnectionSchema,
  worklyCredentialsInputSchema,
  worklyLateQuerySchema,
  worklyLateSchema,
  worklyUnbindParamsSchema,
} from './workly.js';

export * from './workly.js';

/**
 * Spec §7 GET /workly/late_in, /workly/at_work/{x}, POST /workly, and what the page and the settings need
 * around them. Access (spec §6): reading is the reports area; the credentials are company settings (the
 * settings area); binding a staff member to his Workly record changes who a staff member is, which spec §6
 * leaves to the staff area (owner and CEO) — an administrator sees the bindings but does not make them.
 */
export const worklyRoutes = {
  getConnection: defineRoute({
    method: 'GET',
    path: '/workly/connection',
    operationId: 'getWorklyConnection',
    summary: 'Whether Workly is connected (credentials masked) and what the caller may do with it.',
    tags: ['workly'],
    access: { anyOf: ['reports', 'settings', 'staff'] },
    query: undefined,
    body: undefined,
    response: worklyConnectionSchema,
  }),
  saveConnection: defineRoute({
    method: 'PUT',
    path: '/workly/connection',
    operationId: 'saveWorklyConnection',
    summary: 'Enters or replaces the company’s Workly API credentials; they are never answered back.',
    tags: ['workly'],
    access: 'settings',
    query: undefined,
    body: worklyCredentialsInputSchema,
    response: worklyConnectionSchema,
  }),
  removeConnection: defineRoute({
    method: 'DELETE',
    path: '/workly/connection',
    operationId: 'removeWorklyConnection',
    summary: 'Removes the Workly credentials (the bindings stay, for a later reconnection).',
    tags: ['workly'],
    access: 'settings',
    query: undefined,
    body: undefined,
    response: worklyConnectionSchema,
  }),
  listBindings: defineRoute({
    method: 'GET',
    path: '/workly/bindings',
    operationId: 'listWorklyBindings',
    summary: 'Workly’s employees, the branch’s staff bound to them, and the staff not bound yet.',
    tags: ['workly'],
    access: 'reports',
    query: worklyBranchQuerySchema,
    body: undefined,
    response: worklyBindingsSchema,
  }),
  bind: defineRoute({
    method: 'POST',
    path: '/workly',
    operationId: 'bindWorklyEmployee',
    summary: 'Binds a staff member to a Workly employee (spec §8 worker binding error when refused).',
    tags: ['workly'],
    access: 'staff',
    query: undefined,
    body: worklyBindInputSchema,
    response: worklyBindingSchema,
  }),
  unbind: defineRoute({
    method: 'DELETE',
    path: '/workly/bindings/:user_id',
    operationId: 'unbindWorklyEmployee',
    summary: 'Removes a staff member’s binding to Workly.',
    tags: ['workly'],
    access: 'staff',
    params: worklyUnbindParamsSchema,
    query: undefined,
    body: undefined,
    response: okSchema,
  }),
  lateIn: defineRoute({
    method: 'GET',
    path: '/workly/late_in',
    operationId: 'listWorklyLateArrivals',
    summary: 'Who came later than his Workly schedule, on a day or over a period, with the minutes.',
    tags: ['workly'],
    access: 'reports',
    query: worklyLateQuerySchema,
    body: undefined,
    response: worklyLateSchema,
  }),
  atWork: defineRoute({
    method: 'GET',
    path: '/workly/at_work/:x',
    operationId: 'listWorklyAtWork',
    summary: 'Who checked in on a day (`today` or YYYY-MM-DD), with check-in and check-out, and who is in now.',
    tags: ['workly'],
    access: 'reports',
    params: worklyAtWorkParamsSchema,
    query: worklyBranchQuerySchema,
    body: undefined,
    response: worklyAtWorkSchema,
  }),
};
