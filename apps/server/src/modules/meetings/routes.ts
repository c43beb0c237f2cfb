import { meetingRoutes } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../platform/route-table.js';
import { joinMeeting, meetingOf, meetingSettingsOf, roomOf, saveMeetingSettings } from './meetings.js';

/** Issue 19: the online lesson's meeting room on the company's Jitsi Meet server. */
export default async function meetingsModule(app: FastifyInstance) {
  const rooms = app.meetingRooms;
  const r = meetingRoutes;
  registerRoute(app, r.settings, (req) => req.tenant((tx, actor) => meetingSettingsOf(tx, actor)));
  registerRoute(app, r.saveSettings, (req, { body }) =>
    req.tenant((tx, actor) => saveMeetingSettings(tx, actor, body)),
  );
  registerRoute(app, r.groupMeeting, (req, { params, query }) =>
    req.tenant((tx, actor) => meetingOf(tx, actor, rooms, app.clock(), params.id, query.date)),
  );
  registerRoute(app, r.meeting, (req, { params }) =>
    req.tenant((tx, actor) => {
      const room = roomOf(rooms, actor, params.room);
      return meetingOf(tx, actor, rooms, app.clock(), room.groupId, room.date);
    }),
  );
  registerRoute(app, r.join, (req, { params }) =>
    req.tenant((tx, actor) => joinMeeting(tx, actor, rooms, app.clock(), params.room)),
  );
}
