import { RUNNING_GROUP_STATUSES, type Schedule } from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { groups, rooms } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { groupScope } from '../groups/group-scope.js';
import { groupViewQuery, toGroup } from '../groups/group-view.js';
import { scheduleSettings } from '../groups/service.js';

/**
 * GET /schedule?branch_id: the timetable panel (spec §2) — the branch's running
 * groups (selection and active) with days, times, room, teacher and course, the
 * branch's rooms, the company's grid step and working hours. A teacher gets only
 * his own groups (spec §6).
 */
export async function getSchedule(tx: Tx, actor: Actor, branchId: number): Promise<Schedule> {
  const scope = groupScope(actor, branchId);
  const rows = await groupViewQuery(tx)
    .where(and(...scope, inArray(groups.status, [...RUNNING_GROUP_STATUSES])))
    .orderBy(asc(groups.startTime), asc(groups.id));
  const branchRooms = await tx
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(and(eq(rooms.companyId, actor.companyId), eq(rooms.branchId, branchId)))
    .orderBy(asc(rooms.name), asc(rooms.id));
  const settings = await scheduleSettings(tx, actor.companyId);
  return {
    groups: rows.map((row) => {
      const group = toGroup(row);
      return { ...group, course: { id: group.course.id, name: group.course.name }, room_id: group.room?.id ?? null };
    }),
    rooms: branchRooms,
    step: settings.step,
    day_start: settings.dayStart,
    day_end: settings.dayEnd,
  };
}
