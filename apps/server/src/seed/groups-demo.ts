import { type DayType, GroupStatus, localDate, StudentStatus, weekdaysOf } from '@crm/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { archiveReasons, courses, rooms, userBranches } from '../db/schema/index.js';
import { findScheduleConflicts } from '../modules/groups/schedule-conflicts.js';
import { courseEndDate } from '../modules/groups/service.js';
import { inCompany } from '../platform/tenancy.js';
import type { CreatedCompany } from './factories.js';
import { insertGroupRow, insertGroupStudentRow } from './groups-factories.js';

type Ref = number | { id: number };
const idOf = (ref: Ref) => (typeof ref === 'number' ? ref : ref.id);

export interface GroupsDemoInput {
  courses: readonly Ref[];
  teachers: readonly Ref[];
  rooms: readonly Ref[];
  students: readonly Ref[];
}

/** Lesson times of a training centre's day, 90 minutes each. */
const TIMES: readonly [string, string][] = [
  ['08:00', '09:30'],
  ['09:30', '11:00'],
  ['11:00', '12:30'],
  ['14:00', '15:30'],
  ['15:30', '17:00'],
  ['17:00', '18:30'],
  ['18:30', '20:00'],
];
const DAY_TYPES: readonly DayType[] = ['odd', 'even', 'odd', 'even', 'every_day', 'other'];
const GROUP_NAMES = ['IELTS Evening', 'Kids Morning', 'Intensive', 'Weekend Club', 'Beginners A'];

/** What each group of a branch is, by its place in the branch's list (15 a branch). */
type Plan = { status: number; startOffsetDays: number; endOffsetDays?: number };
const PLANS: readonly Plan[] = [
  { status: GroupStatus.active, startOffsetDays: -75 },
  { status: GroupStatus.active, startOffsetDays: -5 }, // 'new' badge
  { status: GroupStatus.selection, startOffsetDays: 6 }, // 'start in 6 days'
  { status: GroupStatus.active, startOffsetDays: -120, endOffsetDays: 7 }, // 'N days left'
  { status: GroupStatus.active, startOffsetDays: -40 },
  { status: GroupStatus.active, startOffsetDays: -200, endOffsetDays: -3 }, // expired: prompts archiving
  { status: GroupStatus.active, startOffsetDays: -30 },
  { status: GroupStatus.selection, startOffsetDays: 12 },
  { status: GroupStatus.active, startOffsetDays: -90 },
  { status: GroupStatus.completed, startOffsetDays: -300, endOffsetDays: -60 },
  { status: GroupStatus.active, startOffsetDays: -10 },
  { status: GroupStatus.active, startOffsetDays: -150 },
  { status: GroupStatus.archive, startOffsetDays: -250, endOffsetDays: -20 },
  { status: GroupStatus.active, startOffsetDays: -60 },
  { status: GroupStatus.active, startOffsetDays: -20 },
];

/** A small deterministic random source, so the demo is the same on every machine. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const shiftDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localDate(d);
};

/** Spec §4 statuses with the weights a real centre shows: mostly paying, a few on trial, frozen or gone. */
function studentStatusFor(r: number): number {
  if (r < 0.68) return StudentStatus.active;
  if (r < 0.78) return StudentStatus.inactive;
  if (r < 0.83) return StudentStatus.cameToTrial;
  if (r < 0.87) return StudentStatus.missedTrial;
  if (r < 0.93) return StudentStatus.frozen;
  return StudentStatus.archived;
}

async function branchesByUser(tx: Tx, companyId: number, userIds: number[]) {
  const rows = userIds.length
    ? await tx
        .select({ userId: userBranches.userId, branchId: userBranches.branchId })
        .from(userBranches)
        .where(and(eq(userBranches.companyId, companyId), inArray(userBranches.userId, userIds)))
    : [];
  const map = new Map<number, number[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.branchId]);
  return map;
}

/**
 * About 30 groups across the company's branches, none in conflict (each slot is
 * checked with the same function the API uses), with the given students placed in
 * them with believable statuses; seed/demo.ts calls it once courses, teachers, rooms
 * and students exist.
 */
export async function seedGroupsDemo(db: Db, company: CreatedCompany, input: GroupsDemoInput): Promise<number[]> {
  const companyId = company.id;
  return inCompany(db, companyId, async (tx) => {
    const courseRows = await tx
      .select({ id: courses.id, durationMonths: courses.durationMonths })
      .from(courses)
      .where(and(eq(courses.companyId, companyId), inArray(courses.id, input.courses.map(idOf).concat(-1))));
    const roomRows = await tx
      .select({ id: rooms.id, branchId: rooms.branchId, capacity: rooms.capacity })
      .from(rooms)
      .where(and(eq(rooms.companyId, companyId), inArray(rooms.id, input.rooms.map(idOf).concat(-1))));
    const teacherIds = input.teachers.map(idOf);
    const studentIds = input.students.map(idOf);
    const teacherBranches = await branchesByUser(tx, companyId, teacherIds);
    const studentBranches = await branchesByUser(tx, companyId, studentIds);
    const [reason] = await tx
      .select({ id: archiveReasons.id })
      .from(archiveReasons)
      .where(eq(archiveReasons.companyId, companyId))
      .limit(1);
    if (!courseRows.length || !teacherIds.length) return [];

    const random = randomSource(companyId * 7919);
    const created: number[] = [];
    for (const [branchIndex, branchId] of company.branchIds.entries()) {
      const branchRooms = roomRows.filter((room) => room.branchId === branchId);
      const branchTeachers = teacherIds.filter((id) => teacherBranches.get(id)?.includes(branchId));
      if (!branchTeachers.length) continue;
      const branchStudents = studentIds.filter((id) => {
        const branches = studentBranches.get(id);
        return !branches?.length || branches.includes(branchId);
      });
      let slot = branchIndex * 3;
      let studentCursor = 0;
      for (const [index, plan] of PLANS.entries()) {
        const course = courseRows[(index + branchIndex) % courseRows.length]!;
        const room = branchRooms.length ? branchRooms[index % branchRooms.length]! : null;
        const startDate = shiftDays(plan.startOffsetDays);
        const endDate =
          plan.endOffsetDays !== undefined
            ? shiftDays(plan.endOffsetDays)
            : course.durationMonths
              ? courseEndDate(startDate, course.durationMonths)
              : null;
        // The first slot and teacher where neither the room nor the teacher is taken.
        let placed: { teacherId: number; dayType: DayType; times: [string, string] } | null = null;
        for (let attempt = 0; attempt < TIMES.length * DAY_TYPES.length && !placed; attempt++, slot++) {
          const dayType = DAY_TYPES[slot % DAY_TYPES.length]!;
          const times = TIMES[Math.floor(slot / DAY_TYPES.length) % TIMES.length]!;
          const weekdays = weekdaysOf(dayType, [2, 5]);
          for (let t = 0; t < branchTeachers.length && !placed; t++) {
            const teacherId = branchTeachers[(index + t) % branchTeachers.length]!;
            const conflicts = await findScheduleConflicts(tx, companyId, {
              roomId: room?.id ?? null,
              teacherId,
              weekdays,
              startTime: times[0],
              endTime: times[1],
              dateFrom: startDate,
              dateTo: endDate,
            });
            if (!conflicts.length) placed = { teacherId, dayType, times };
          }
        }
        if (!placed) continue;

        const groupId = await insertGroupRow(tx, companyId, {
          branchId,
          courseId: course.id,
          teacherId: placed.teacherId,
          roomId: room?.id ?? null,
          name: index % 3 === 1 ? (GROUP_NAMES[(index + branchIndex) % GROUP_NAMES.length] ?? null) : null,
          dayType: placed.dayType,
          exactDays: [2, 5],
          startTime: placed.times[0],
          endTime: placed.times[1],
          startDate,
          endDate,
          status: plan.status,
        });
        created.push(groupId);

        // Fill the room to about two thirds; the first group of each branch exactly to capacity (spec §5 warning).
        const capacity = room?.capacity ?? 10;
        const wanted = index === 0 ? capacity : Math.max(3, Math.round(capacity * (0.4 + random() * 0.35)));
        const count = Math.min(wanted, branchStudents.length);
        for (let s = 0; s < count; s++) {
          const studentId = branchStudents[studentCursor++ % branchStudents.length]!;
          const selection = plan.status === GroupStatus.selection;
          // The full group's students all hold their seats, so the warning shows.
          const status =
            index === 0
              ? StudentStatus.active
              : selection
                ? random() < 0.5
                  ? StudentStatus.inactive
                  : StudentStatus.cameToTrial
                : studentStatusFor(random());
          // Joined around the group's start, never in the future.
          const joined = shiftDays(selection ? 0 : Math.min(0, plan.startOffsetDays + Math.floor(random() * 20)));
          await insertGroupStudentRow(tx, companyId, groupId, studentId, {
            status,
            createdDate: joined,
            leftDate: status === StudentStatus.archived ? shiftDays(-Math.floor(random() * 25)) : null,
            archiveReasonId: status === StudentStatus.archived ? (reason?.id ?? null) : null,
            archiveComment: status === StudentStatus.archived && !reason ? 'Left the centre' : null,
          });
        }
      }
    }
    return created;
  });
}
