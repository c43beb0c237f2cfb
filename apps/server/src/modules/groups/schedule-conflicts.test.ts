import { GroupStatus } from '@crm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../../test/helpers.js';
import { inCompany } from '../../platform/tenancy.js';
import { createGroupsWorld, type GroupsWorld } from './groups-test-world.js';
import { findScheduleConflicts } from './schedule-conflicts.js';

const { app, database } = await openTestApp();
let w: GroupsWorld;
/** The group every test tries to collide with: room A, teacher A, odd days 09:00–10:30, Jan–Jun 2030. */
let taken: { id: number; title: string };

beforeEach(async () => {
  w = await createGroupsWorld(app, database.db);
  taken = await w.createGroup({ start_date: '2030-01-01', end_date: '2030-06-30', name: 'Taken' });
});

/** A group created in the first half of 2030, like `taken`. */
const existing = (overrides: Record<string, unknown>) =>
  w.createGroup({ start_date: '2030-01-01', end_date: '2030-06-30', ...overrides });

const create = (overrides: Record<string, unknown>) =>
  w.api(
    w.tokens.admin,
    'POST',
    '/group',
    w.groupBody({ start_date: '2030-03-01', end_date: '2030-09-30', ...overrides }),
  );

describe('schedule conflicts (spec §8)', () => {
  it('refuses the same room at an overlapping time, naming the group and the room', async () => {
    const res = await create({ teacher_id: w.teachers.b, start_time: '10:00', end_time: '11:00' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('schedule_conflict');
    expect(res.body.error.message).toBe('The time, room or teacher is already occupied by a group.');
    expect(res.body.error.details.conflicts).toEqual([
      {
        group_id: taken.id,
        title: 'Taken',
        reason: 'room',
        reasons: ['room'],
        day_type: 'odd',
        start_time: '09:00',
        end_time: '10:30',
      },
    ]);
  });

  it('refuses the same teacher in another room, naming the teacher', async () => {
    const res = await create({ room_id: w.rooms.b, start_time: '08:00', end_time: '09:30' });
    expect(res.status).toBe(409);
    expect(res.body.error.details.conflicts).toEqual([
      expect.objectContaining({ group_id: taken.id, reason: 'teacher', reasons: ['teacher'] }),
    ]);
  });

  it('names a group that holds both the room and the teacher once, with both reasons', async () => {
    const res = await create({});
    expect(res.status).toBe(409);
    expect(res.body.error.details.conflicts).toEqual([
      {
        group_id: taken.id,
        title: 'Taken',
        // `reason` stays for older readers: the first of `reasons`.
        reason: 'room',
        reasons: ['room', 'teacher'],
        day_type: 'odd',
        start_time: '09:00',
        end_time: '10:30',
      },
    ]);
  });

  it('lists each clashing group once: one for the room, another for the teacher', async () => {
    const other = await existing({ name: 'Other', room_id: w.rooms.b, teacher_id: w.teachers.b });
    const res = await create({ teacher_id: w.teachers.b });
    expect(res.status).toBe(409);
    expect(
      res.body.error.details.conflicts.map((c: { group_id: number; reasons: string[] }) => [c.group_id, c.reasons]),
    ).toEqual([
      [taken.id, ['room']],
      [other.id, ['teacher']],
    ]);
  });

  it('finds a shared weekday of other day types (every day, exact days)', async () => {
    expect((await create({ day_type: 'every_day' })).status).toBe(409);
    expect((await create({ day_type: 'other', exact_days: [5] })).status).toBe(409);
    expect((await create({ day_type: 'weekend' })).status).toBe(200);
  });

  it('allows the same room and teacher on other days, at other times, or in other dates', async () => {
    expect((await create({ day_type: 'even' })).status).toBe(200);
    // Touching end to start is no overlap.
    expect((await create({ start_time: '10:30', end_time: '12:00' })).status).toBe(200);
    expect((await create({ start_time: '07:30', end_time: '09:00' })).status).toBe(200);
    expect((await create({ start_date: '2030-07-01', end_date: '2030-12-31', start_time: '09:30' })).status).toBe(200);
    expect((await create({ start_date: '2029-01-01', end_date: '2029-12-31', start_time: '09:30' })).status).toBe(200);
  });

  it('treats a group without an end date as running on', async () => {
    const open = await existing({
      end_date: undefined,
      course_id: w.math,
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
      start_date: '2030-01-01',
      start_time: '15:00',
      end_time: '16:00',
    });
    const later = await create({
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
      start_date: '2040-01-01',
      end_date: null,
      start_time: '15:30',
      end_time: '16:30',
    });
    expect(later.status).toBe(409);
    expect(later.body.error.details.conflicts[0].group_id).toBe(open.id);
  });

  it('ignores archived and completed groups', async () => {
    await w.api(w.tokens.admin, 'DELETE', `/group/${taken.id}`);
    expect((await create({})).status).toBe(200);
    const done = await existing({
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
      start_time: '17:00',
      end_time: '18:00',
      status: GroupStatus.completed,
    });
    expect(
      (await create({ room_id: w.rooms.b, teacher_id: w.teachers.b, start_time: '17:00', end_time: '18:00' })).status,
    ).toBe(200);
    // Re-opening the completed group now collides with the one that took its place.
    const reopen = await w.api(w.tokens.admin, 'PUT', `/group/${done.id}`, { status: GroupStatus.active });
    expect(reopen.status).toBe(409);
  });

  it('checks an edit of room, teacher, days or times, but never against the group itself', async () => {
    const other = await existing({
      room_id: w.rooms.b,
      teacher_id: w.teachers.b,
      start_time: '11:00',
      end_time: '12:00',
    });
    expect(
      (await w.api(w.tokens.admin, 'PUT', `/group/${other.id}`, { start_time: '11:30', end_time: '12:30' })).status,
    ).toBe(200);
    const intoRoom = await w.api(w.tokens.admin, 'PUT', `/group/${other.id}`, {
      room_id: w.rooms.a,
      start_time: '10:00',
    });
    expect(intoRoom.status).toBe(409);
    expect(intoRoom.body.error.details.conflicts[0]).toMatchObject({ group_id: taken.id, reason: 'room' });
    const toTeacher = await w.api(w.tokens.admin, 'PUT', `/group/${other.id}`, {
      teacher_id: w.teachers.a,
      start_time: '10:00',
    });
    expect(toTeacher.body.error.details.conflicts[0]).toMatchObject({ group_id: taken.id, reason: 'teacher' });
    // The refused edits changed nothing.
    const after = await w.api(w.tokens.admin, 'GET', `/group/${other.id}`);
    expect(after.body).toMatchObject({ room: { id: w.rooms.b }, teacher: { id: w.teachers.b }, start_time: '11:30' });
  });

  it('checks one lesson moved to a date and time (the slot the lessons issue passes)', async () => {
    // 2030-03-04 is a Monday: taken meets then.
    const slot = {
      roomId: w.rooms.a,
      teacherId: w.teachers.b,
      weekdays: [1],
      startTime: '10:00',
      endTime: '11:00',
      dateFrom: '2030-03-04',
      dateTo: '2030-03-04',
    };
    const found = await inCompany(database.db, w.company.id, (tx) => findScheduleConflicts(tx, w.company.id, slot));
    expect(found).toEqual([expect.objectContaining({ group_id: taken.id, reason: 'room' })]);
    const tuesday = await inCompany(database.db, w.company.id, (tx) =>
      findScheduleConflicts(tx, w.company.id, { ...slot, weekdays: [2], dateFrom: '2030-03-05', dateTo: '2030-03-05' }),
    );
    expect(tuesday).toEqual([]);
  });
});
