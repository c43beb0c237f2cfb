import {
  canAccess,
  groupTitle,
  type Meeting,
  type MeetingSettings,
  type meetingSettingsInputSchema,
  Role,
} from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { meetingJoins, meetingSettings, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import { recordHistory } from '../../platform/history.js';
import { findVisibleGroup, type GroupRow, isGroupLearner } from '../groups/group-scope.js';
import { loadCalendar } from '../lessons/calendar-source.js';
import { companyTime } from '../lessons/company-time.js';
import { type MeetingRooms, type RoomKey, roomToken } from './rooms.js';

async function settingsRow(tx: Tx, companyId: number) {
  const [row] = await tx.select().from(meetingSettings).where(eq(meetingSettings.companyId, companyId));
  return row;
}

/** GET /meeting-settings. */
export async function meetingSettingsOf(tx: Tx, actor: Actor): Promise<MeetingSettings> {
  const row = await settingsRow(tx, actor.companyId);
  return {
    server_url: row?.serverUrl ?? null,
    app_id: row?.appId ?? null,
    secret_set: Boolean(row?.appSecret),
    policies: { edit: canAccess('settings', actor.roles) },
  };
}

/** PUT /meeting-settings: a token-authenticated server needs its secret (kept when not sent again). */
export async function saveMeetingSettings(
  tx: Tx,
  actor: Actor,
  input: z.output<typeof meetingSettingsInputSchema>,
): Promise<MeetingSettings> {
  const before = await settingsRow(tx, actor.companyId);
  const secret = input.app_id === null ? null : (input.app_secret ?? before?.appSecret ?? null);
  if (input.app_id !== null && !secret) {
    throw new AppError(400, 'validation_failed', [{ field: 'app_secret', rule: 'required', message: 'required' }]);
  }
  const values = {
    serverUrl: input.server_url,
    appId: input.app_id,
    appSecret: secret,
    updatedBy: actor.id,
    updatedAt: new Date(),
  };
  await tx
    .insert(meetingSettings)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: meetingSettings.companyId, set: values });
  await recordHistory(tx, actor, {
    event: 'meetingSettingsChanged',
    entity: 'company',
    entityId: actor.companyId,
    data: { server_url: input.server_url, app_id: input.app_id },
  });
  return meetingSettingsOf(tx, actor);
}

/** The group's room of a day as its people see it; others find it absent (404). */
export async function meetingOf(
  tx: Tx,
  actor: Actor,
  rooms: MeetingRooms,
  at: Date,
  groupId: number,
  day?: string,
): Promise<Meeting> {
  const group = await findVisibleGroup(tx, actor, groupId);
  const date = day ?? (await companyTime(tx, actor.companyId, at)).today;
  const lesson = (await loadCalendar(tx, actor.companyId, group, date, date)).find(
    (l) => l.date === date && l.state === 'held',
  );
  const learner = isGroupLearner(actor, group);
  const configured = Boolean((await settingsRow(tx, actor.companyId))?.serverUrl);
  return {
    configured,
    room_name: rooms.nameOf({ companyId: actor.companyId, groupId: group.id, date }),
    group: { id: group.id, title: groupTitle(group), course_id: group.courseId },
    date,
    lesson: lesson ? { start_time: lesson.start_time, end_time: lesson.end_time } : null,
    joined: learner ? null : await joinedOn(tx, actor.companyId, group.id, date),
    policies: { join: configured, mark_attendance: !learner && lesson !== undefined },
  };
}

async function joinedOn(tx: Tx, companyId: number, groupId: number, date: string) {
  const rows = await tx
    .select({ userId: meetingJoins.userId, name: users.name, roles: users.roles, joinedAt: meetingJoins.joinedAt })
    .from(meetingJoins)
    .innerJoin(users, and(eq(users.companyId, meetingJoins.companyId), eq(users.id, meetingJoins.userId)))
    .where(
      and(eq(meetingJoins.companyId, companyId), eq(meetingJoins.groupId, groupId), eq(meetingJoins.lessonDate, date)),
    )
    .orderBy(asc(meetingJoins.joinedAt));
  return rows.map((row) => ({
    user_id: row.userId,
    name: row.name,
    student: row.roles.includes(Role.student),
    joined_at: row.joinedAt.toISOString(),
  }));
}

/** The room a name stands for, for one of its group's people. */
export function roomOf(rooms: MeetingRooms, actor: Actor, name: string): RoomKey {
  const room = rooms.parse(name);
  if (!room || room.companyId !== actor.companyId) throw notFound();
  return room;
}

/**
 * POST /meeting/{room}/join: records the caller's first joining of the day and answers the room's address — with
 * his own token on a server that wants one (the teacher and staff as moderators).
 */
export async function joinMeeting(tx: Tx, actor: Actor, rooms: MeetingRooms, at: Date, name: string) {
  const room = roomOf(rooms, actor, name);
  const group: GroupRow = await findVisibleGroup(tx, actor, room.groupId);
  const server = await settingsRow(tx, actor.companyId);
  if (!server?.serverUrl) throw new AppError(422, 'meeting_not_configured');
  const [first] = await tx
    .insert(meetingJoins)
    .values({ companyId: actor.companyId, groupId: group.id, lessonDate: room.date, userId: actor.id, joinedAt: at })
    .onConflictDoNothing()
    .returning();
  if (first) {
    await recordHistory(tx, actor, {
      event: 'meetingJoined',
      entity: 'group',
      entityId: group.id,
      branchId: group.branchId,
      data: { date: room.date, group_title: groupTitle(group) },
    });
  }
  let url = `${server.serverUrl}/${name}`;
  if (server.appId && server.appSecret) {
    const user = { id: actor.id, name: actor.name, moderator: !isGroupLearner(actor, group) };
    url += `?jwt=${await roomToken({ url: server.serverUrl, appId: server.appId, appSecret: server.appSecret }, name, user, at)}`;
  }
  // The name Jitsi shows for him, also on a server without tokens.
  return { join_url: `${url}#userInfo.displayName=${encodeURIComponent(JSON.stringify(actor.name))}` };
}
