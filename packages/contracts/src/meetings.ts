import { z } from 'zod';
import { isoDateSchema } from './catalog.js';

/**
 * The online lesson's meeting room (issue 19; spec §2 meeting/{roomName}): a Jitsi Meet server the company
 * configures, self-hosted with token authentication or open; the room's name is derived from the company, the
 * group and the lesson's day and signed, so it cannot be guessed.
 */

export const meetingSettingsSchema = z.object({
  /** https://meet.example.com — null: no server, online lessons are off. */
  server_url: z.string().nullable(),
  /** The Prosody token auth's application id (null: an open server without tokens). */
  app_id: z.string().nullable(),
  /** The shared secret is written, never answered: only whether it is set. */
  secret_set: z.boolean(),
  policies: z.object({ edit: z.boolean() }),
});
export type MeetingSettings = z.infer<typeof meetingSettingsSchema>;

const httpsUrl = z
  .string()
  .trim()
  .max(200)
  .regex(/^https:\/\/[a-z0-9.-]+(:\d+)?\/?$/i, { message: 'https_server_address' })
  .transform((url) => url.replace(/\/$/, ''));

export const meetingSettingsInputSchema = z
  .object({
    server_url: httpsUrl.nullable(),
    app_id: z.string().trim().min(1).max(100).nullable().default(null),
    /** A new secret; absent: keep the one set. */
    app_secret: z.string().min(16).max(200).optional(),
  })
  .refine((s) => s.app_id === null || s.server_url !== null, { path: ['server_url'], message: 'required' });
export type MeetingSettingsInput = z.input<typeof meetingSettingsInputSchema>;

export const meetingQuerySchema = z.object({ date: isoDateSchema.optional() });

export const meetingSchema = z.object({
  configured: z.boolean(),
  room_name: z.string(),
  group: z.object({ id: z.number().int(), title: z.string(), course_id: z.number().int() }),
  date: z.string(),
  /** The lesson of that day (null: the group has none then). */
  lesson: z.object({ start_time: z.string(), end_time: z.string() }).nullable(),
  /** Who opened the room that day (the group's teacher and staff only). */
  joined: z
    .array(z.object({ user_id: z.number().int(), name: z.string(), student: z.boolean(), joined_at: z.string() }))
    .nullable(),
  policies: z.object({ join: z.boolean(), mark_attendance: z.boolean() }),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** POST /meeting/{room}/join: where the caller's browser goes, with his own room token when the server wants one. */
export const meetingJoinSchema = z.object({ join_url: z.string() });
export type MeetingJoin = z.infer<typeof meetingJoinSchema>;

export const roomParamsSchema = z.object({ room: z.string().regex(/^[a-z0-9-]{10,80}$/) });
