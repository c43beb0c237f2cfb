import { defineRoute } from './api-routes.js';
import { okSchema } from './auth.js';
import { idParamsSchema } from './common.js';
import {
  callHistoryQuerySchema,
  callHistorySchema,
  callTransferInputSchema,
  voipExtensionsSchema,
  voipMeSchema,
  voipSettingsInputSchema,
  voipSettingsSchema,
  voipUsersInputSchema,
} from './telephony.js';

export * from './telephony.js';

const tags = ['telephony'];

/**
 * Issue 22's calls. The settings (admin/voip) are the owner's and CEO's (area `admin`); the call log is the
 * `call` area; the SIP credentials, and the transfer serve whoever has an extension mapped.
 * The recording of a call (GET /call/record/{uuid}) streams audio through the API with the caller's rights.
 */
export const telephonyRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/voip/settings',
    operationId: 'getVoipSettings',
    summary: 'The OnlinePBX accounts (never their keys), the country code and the users mapped to extensions.',
    tags,
    access: 'admin',
    query: undefined,
    body: undefined,
    response: voipSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/voip/settings',
    operationId: 'saveVoipSettings',
    summary: 'Saves the accounts, each key tested with auth.json first (422 onlinepbx_refused with its comment).',
    tags,
    access: 'admin',
    query: undefined,
    body: voipSettingsInputSchema,
    response: voipSettingsSchema,
  }),
  extensions: defineRoute({
    method: 'GET',
    path: '/voip/accounts/:id/extensions',
    operationId: 'listVoipExtensions',
    summary: 'The account’s extensions from user/get.json (num, name, webrtc).',
    tags,
    access: 'admin',
    params: idParamsSchema,
    query: undefined,
    body: undefined,
    response: voipExtensionsSchema,
  }),
  saveUsers: defineRoute({
    method: 'PUT',
    path: '/voip/users',
    operationId: 'saveVoipUsers',
    summary: 'Maps staff users to extensions of the accounts (the whole mapping).',
    tags,
    access: 'admin',
    query: undefined,
    body: voipUsersInputSchema,
    response: voipSettingsSchema,
  }),
  me: defineRoute({
    method: 'GET',
    path: '/voip/me',
    operationId: 'getOwnVoip',
    summary: 'The caller’s own SIP credentials, only when his id is mapped to an extension (spec §6).',
    tags,
    access: 'signedIn',
    query: undefined,
    body: undefined,
    response: voipMeSchema,
  }),
  history: defineRoute({
    method: 'GET',
    path: '/call/history',
    operationId: 'getCallHistory',
    summary: 'Calls of at most a week from mongo_history/search.json, typed, formatted and matched to people.',
    tags,
    access: 'call',
    query: callHistoryQuerySchema,
    body: undefined,
    response: callHistorySchema,
  }),
  transfer: defineRoute({
    method: 'POST',
    path: '/call/transfer',
    operationId: 'transferCall',
    summary: 'Transfers the caller’s call to another extension (call/transfer).',
    tags,
    access: 'signedIn',
    query: undefined,
    body: callTransferInputSchema,
    response: okSchema,
  }),
};
