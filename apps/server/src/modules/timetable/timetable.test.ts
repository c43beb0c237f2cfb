import { GroupStatus, type Schedule } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { lessons } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createGroupRow } from '../../seed/groups-factories.js';
import { createGroupsWorld, type GroupsWorld } from '../groups/groups-test-world.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;
let ids: Record<'running' | 'selection' | 'archived' | 'completed' | 'own' | 'north', number>;

beforeAll(async () => {
  w = await createGroupsWorld(app, database.db, { lesson_start_time_step_five_minutes: false });
  const base = { branchId: w.main, courseId: w.english, teacherId: w.teachers.a, roomId: w.rooms.a };
  const make = (spec: Partial<Parameters<typeof createGroupRow>[2]>) =>
    createGroupRow(database.db, w.company.id, { ...base, ...spec });
  ids = {
    running: await make({ name: 'Running', dayType: 'even', startTime: '14:00', endTime: '15:30' }),
    selection: await make({ name: 'Gathering', status: GroupStatus.selection, roomId: null }),
    archived: await make({ name: 'Archived', status: GroupStatus.archive }),
    completed: await make({ name: 'Completed', status: GroupStatus.completed }),
    own: await make({ name: 'Kamola', teacherId: w.company.users.teacher.id, roomId: w.rooms.b, startTime: '08:00' }),
    north: await make({ name: 'North', branchId: w.north, teacherId: w.teachers.north, roomId: w.rooms.north }),
  };
});

const schedule = (token: string, branchId: number) => w.api(token, 'GET', `/schedule?branch_id=${branchId}`);

describe('GET /schedule', () => {
  it("answers the branch's running groups, its rooms, the grid step and working hours", async () => {
    const res = await schedule(w.tokens.admin, w.main);
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g: { title: string }) => g.title).sort()).toEqual(['Gathering', 'Kamola', 'Running']);
    expect(res.body.groups.find((g: { id: number }) => g.id === ids.running)).toEqual({
      id: ids.running,
      title: 'Running',
      course: { id: w.english, name: 'English' },
      teacher: { id: w.teachers.a, name: 'Anvar Teacher' },
      room_id: w.rooms.a,
      day_type: 'even',
      days: [2, 4, 6],
      start_time: '14:00',
      end_time: '15:30',
      start_date: expect.any(String),
      end_date: null,
      status: GroupStatus.active,
      student_count: 0,
    });
    expect(res.body.rooms.map((r: { name: string }) => r.name)).toEqual(['Room A', 'Room B', 'Small']);
    expect(res.body).toMatchObject({ step: 30, day_start: '09:00', day_end: '18:00' });
  });

  it('gives a teacher only his own groups', async () => {
    const res = await schedule(w.tokens.teacher, w.main);
    expect(res.status).toBe(200);
    expect(res.body.groups.map((g: { id: number }) => g.id)).toEqual([ids.own]);
  });

  it('keeps to the branches of the caller and refuses students', async () => {
    expect((await schedule(w.tokens.admin, w.north)).body.groups.map((g: { id: number }) => g.id)).toEqual([ids.north]);
    expect((await schedule(w.tokens.student, w.main)).status).toBe(403);
    expect((await w.api(w.tokens.admin, 'GET', '/schedule')).status).toBe(400);
    const foreign = await createGroupsWorld(app, database.db);
    const refused = await schedule(w.tokens.admin, foreign.main);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('branch_forbidden');
  });
});

describe('GET /schedule on a date', () => {
  let d: GroupsWorld;
  let own: number;
  let other: number;
  beforeAll(async () => {
    d = await createGroupsWorld(app, database.db);
    const make = (spec: Partial<Parameters<typeof createGroupRow>[2]>) =>
      createGroupRow(database.db, d.company.id, {
        branchId: d.main,
        courseId: d.english,
        teacherId: d.teachers.a,
        roomId: d.rooms.a,
        dayType: 'odd',
        startDate: '2026-11-02',
        ...spec,
      });
    own = await make({ name: 'Own', teacherId: d.company.users.teacher.id, startTime: '09:00', endTime: '10:00' });
    other = await make({ name: 'Other', roomId: d.rooms.b, startTime: '11:00', endTime: '12:00' });
    const later = await make({ name: 'Later', startTime: '13:00', endTime: '14:00' });
    await inCompany(database.db, d.company.id, (tx) =>
      tx.insert(lessons).values([
        // Wednesday the 18th: "Other" is given by the role teacher, "Own" moved to 16:00 in room B.
        { companyId: d.company.id, groupId: other, scheduledDate: '2026-11-18', teacherId: d.company.users.teacher.id },
        {
          companyId: d.company.id,
          groupId: own,
          scheduledDate: '2026-11-18',
          movedDate: '2026-11-18',
          movedStartTime: '16:00',
          movedEndTime: '17:00',
          roomId: d.rooms.b,
        },
        // A record naming the group's own teacher replaces no one.
        { companyId: d.company.id, groupId: later, scheduledDate: '2026-11-18', teacherId: d.teachers.a },
      ]),
    );
  });
  const onDate = async (token: string, date = '2026-11-18') => {
    const res = await d.api(token, 'GET', `/schedule?branch_id=${d.main}&date=${date}`);
    expect(res.status).toBe(200);
    return res.body as Schedule;
  };

  it("adds the day's lessons at their real time and room, naming a substitute", async () => {
    const schedule = await onDate(d.tokens.admin);
    expect(schedule.date).toBe('2026-11-18');
    expect(schedule.groups.map((g) => g.title).sort()).toEqual(['Later', 'Other', 'Own']);
    expect(schedule.lessons?.map((l) => [l.group.title, l.start_time, l.room?.id, l.moved, l.substitute])).toEqual([
      ['Other', '11:00', d.rooms.b, false, true],
      ['Later', '13:00', d.rooms.a, false, false],
      ['Own', '16:00', d.rooms.b, true, false],
    ]);
    expect(schedule.lessons?.[0]?.teacher.name).toBe('Kamola Ergasheva');
  });

  it('gives a teacher only the lessons he gives, and no lessons without a date', async () => {
    const schedule = await onDate(d.tokens.teacher);
    expect(schedule.groups.map((g) => g.title)).toEqual(['Own']);
    expect(schedule.lessons?.map((l) => l.group.title)).toEqual(['Other', 'Own']);
    const weekly = await d.api(d.tokens.admin, 'GET', `/schedule?branch_id=${d.main}`);
    expect(weekly.body.lessons).toBeUndefined();
    expect(weekly.body.date).toBeUndefined();
    expect((await onDate(d.tokens.admin, '2026-11-19')).lessons).toEqual([]);
  });

  it('refuses a date that is not a day', async () => {
    expect((await d.api(d.tokens.admin, 'GET', `/schedule?branch_id=${d.main}&date=2026-13-01`)).status).toBe(400);
  });
});
