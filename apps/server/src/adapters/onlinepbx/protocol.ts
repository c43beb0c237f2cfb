import { z } from 'zod';

/**
 * OnlinePBX's HTTP API as spec §7 names it and public client code shows it (docs/decisions/0037 says what is
 * known and what is assumed). The client and the test fake both use this file, so a correction against the real
 * service is made here once.
 *
 * Known: every call is a form-encoded POST under `{base}/{domain}/`; `auth.json` takes `auth_key` and answers
 * `{ status: '1', data: { key_id, key } }`, or another status with a `comment`; later calls carry the header
 * `x-pbx-authentication: {key_id}:{key}`; `mongo_history/search.json` takes `start_stamp_from`/`start_stamp_to`
 * (Unix seconds), `phone_numbers` and `accountcode`, and answers its calls under `data` (uuid, caller and
 * destination numbers, start_stamp, duration, user_talk_time, accountcode); with `uuid` and `download=1` it
 * answers a short-lived URL of the recording; `user/get.json` answers the extensions (num, name, webrtc);
 * `call/transfer` takes `call_id` and `destination`. Assumed: an expired key is answered with HTTP 401 (or
 * status '0' naming the key), and the SIP WebSocket is `wss://{domain}:{port}` with the extension's webrtc
 * password (the provider's cabinet shows both).
 */

export const ONLINEPBX_PRODUCTION_URL = 'https://api2.onlinepbx.ru';

export const ONLINEPBX_PATHS = {
  auth: 'auth.json',
  users: 'user/get.json',
  history: 'mongo_history/search.json',
  transfer: 'call/transfer',
} as const;

export const AUTH_HEADER = 'x-pbx-authentication';

/** Every answer: status '1' is success; anything else carries the provider's comment (spec §8 "OnlinePBX: …"). */
export const statusAnswerSchema = z.object({
  status: z.union([z.string(), z.number()]).transform(String),
  comment: z.string().nullish(),
  errorCode: z.string().nullish(),
  data: z.unknown().optional(),
});

export const authDataSchema = z.object({ key_id: z.string().min(1), key: z.string().min(1) });

/** user/get.json: an extension. `webrtc` is its browser password when calling from a browser is allowed. */
export const pbxUserSchema = z.object({
  num: z.union([z.string(), z.number()]).transform(String),
  name: z
    .string()
    .nullish()
    .transform((name) => name ?? ''),
  webrtc: z.union([z.string(), z.boolean(), z.number()]).nullish(),
});
export type PbxUser = z.infer<typeof pbxUserSchema>;

/** mongo_history/search.json: one call. Fields we do not read are let through. */
export const pbxCallSchema = z.object({
  uuid: z.string().min(1),
  caller_id_number: z.union([z.string(), z.number()]).transform(String),
  destination_number: z.union([z.string(), z.number()]).transform(String),
  start_stamp: z.coerce.number().int(),
  duration: z.coerce.number().int().default(0),
  user_talk_time: z.coerce.number().int().default(0),
  /** 'outbound', 'inbound' or 'local' as seen. */
  accountcode: z.string(),
  /** Whether the call was recorded (assumed absent when not). */
  record: z.unknown().optional(),
});
export type PbxCall = z.infer<typeof pbxCallSchema>;

/** The recording's address: a string, or `{ url }` in some answers seen. */
export const recordUrlSchema = z.union([z.string().url(), z.object({ url: z.string().url() }).transform((d) => d.url)]);
