import { GroupStatus } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
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
