import { defineRoute } from './api-routes.js';
import { idParamsSchema } from './common.js';
import {
  meetingJoinSchema,
  meetingQuerySchema,
  meetingSchema,
  meetingSettingsInputSchema,
  meetingSettingsSchema,
  roomParamsSchema,
} from './meetings.js';

export * from './meetings.js';

const tags = ['meetings'];

/** Issue 19's online meeting room. The spec names the screen (meeting/{roomName}); these calls follow it. */
export const meetingRoutes = {
  settings: defineRoute({
    method: 'GET',
    path: '/meeting-settings',
    operationId: 'getMeetingSettings',
    summary: 'The company’s Jitsi Meet server (the secret is never answered).',
    tags,
    access: 'settings',
    query: undefined,
    body: undefined,
    response: meetingSettingsSchema,
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: '/meeting-settings',
    operationId: 'saveMeetingSettings',
    summary: 'Sets (or, with no server, turns off) the company’s Jitsi Meet server and its token authentication.',
    tags,
    access: 'settings',
    query: undefined,
    body: meetingSettingsInputSchema,
    response: meetingSettingsSchema,
  }),
  groupMeeting: defineRoute({
    method: 'GET',
    path: '/group/:id/meeting',
    operationId: 'getGroupMeeting',
    summary: 'The group’s meeting room of a day (today by default): its name and who joined.',
    tags,
    access: 'groupPage',
    params: idParamsSchema,
    query: meetingQuerySchema,
    body: undefined,
    response: meetingSchema,
  }),
  meeting: defineRoute({
    method: 'GET',
    path: '/meeting/:room',
    operationId: 'getMeeting',
    summary: 'A meeting room by its name, for the group’s people only.',
    tags,
    access: 'groupPage',
    params: roomParamsSchema,
    query: undefined,
    body: undefined,
    response: meetingSchema,
  }),
  join: defineRoute({
    method: 'POST',
    path: '/meeting/:room/join',
    operationId: 'joinMeeting',
    summary: 'Records that the caller joins, and gives him the room’s address with his own token.',
    tags,
    access: 'groupPage',
    params: roomParamsSchema,
    query: undefined,
    body: undefined,
    response: meetingJoinSchema,
  }),
};
