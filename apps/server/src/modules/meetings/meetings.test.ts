import { type Meeting, type MeetingSettings, StudentStatus } from '@crm/contracts';
import { jwtVerify } from 'jose';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs, openTestApp } from '../../../test/helpers.js';
import { addStudentToGroupRow } from '../../seed/groups-factories.js';
import { atTashkent, clock, createLessonsWorld, type LessonsWorld } from '../lessons/lessons-test-world.js';

/** Issue 19's online meeting room on the company's Jitsi server, with token authentication. */
const { app, database } = await openTestApp(undefined, { clock: () => clock.now });
let w: LessonsWorld;
let student: string;
const SECRET = 'a-shared-secret-of-the-jitsi-server';

beforeAll(async () => {
  w = await createLessonsWorld(app, database.db);
  await addStudentToGroupRow(database.db, w.company.id, w.group, w.company.users.student.id, {
    status: StudentStatus.active,
    createdDate: '2026-11-02',
  });
  student = await loginAs(app, w.sub, w.company.users.student.phone);
});
beforeEach(() => atTashkent('2026-11-18', '09:30'));

const settings = (body: unknown, token = w.tokens.owner) => w.api(token, 'PUT', '/meeting-settings', body);
const meeting = async (token = student) => {
  const res = await w.api(token, 'GET', `/group/${w.group}/meeting`);
  expect(res.status).toBe(200);
  return res.body as Meeting;
};

describe('the meeting server settings', () => {
  it('keep the token secret without ever answering it; a token server needs one; teachers may not change them', async () => {
    const noSecret = await settings({ server_url: 'https://meet.example.uz', app_id: 'crm' });
    expect(noSecret.status).toBe(400);
    expect(noSecret.body.error.details[0].field).toBe('app_secret');
    expect((await settings({ server_url: 'http://meet.example.uz', app_id: null })).status).toBe(400);
    const saved = await settings({ server_url: 'https://meet.example.uz/', app_id: 'crm', app_secret: SECRET });
    expect(saved.body as MeetingSettings).toMatchObject({
      server_url: 'https://meet.example.uz',
      app_id: 'crm',
      secret_set: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    // Saved again without the secret: it is kept.
    expect((await settings({ server_url: 'https://meet.example.uz', app_id: 'crm' })).body.secret_set).toBe(true);
    expect((await settings({ server_url: null }, w.tokens.teacher)).status).toBe(403);
  });
});

describe('a lesson’s room', () => {
  it('has a signed name that leads to the group’s lesson of that day, for its people only', async () => {
    const room = await meeting();
    expect(room).toMatchObject({ configured: true, date: '2026-11-18', lesson: { start_time: '09:00' }, joined: null });
    expect(room.room_name).toMatch(new RegExp(`^c${w.company.id}-g${w.group}-d20261118-[a-z0-9]{12}$`));
    expect((await w.api(student, 'GET', `/meeting/${room.room_name}`)).body.group.id).toBe(w.group);
    const forged = room.room_name.replace(`-g${w.group}-`, `-g${w.group + 1}-`);
    expect((await w.api(student, 'GET', `/meeting/${forged}`)).status).toBe(404);
    expect((await w.api(w.substituteToken, 'GET', `/group/${w.group}/meeting`)).status).toBe(404);
  });

  it('gives each person his own token for the room, the teacher as moderator, and shows the teacher who joined', async () => {
    const { room_name } = await meeting();
    const joined = await w.api(student, 'POST', `/meeting/${room_name}/join`);
    expect(joined.status).toBe(200);
    const url = new URL(joined.body.join_url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://meet.example.uz/${room_name}`);
    const { payload } = await jwtVerify(url.searchParams.get('jwt')!, new TextEncoder().encode(SECRET), {
      audience: 'crm',
      issuer: 'crm',
      currentDate: clock.now,
    });
    expect(payload).toMatchObject({ room: room_name, sub: 'meet.example.uz', context: { user: { moderator: false } } });
    atTashkent('2026-11-18', '09:31');
    const teacher = await w.api(w.tokens.teacher, 'POST', `/meeting/${room_name}/join`);
    const teacherToken = new URL(teacher.body.join_url).searchParams.get('jwt')!;
    const verified = await jwtVerify(teacherToken, new TextEncoder().encode(SECRET), { currentDate: clock.now });
    expect(verified.payload).toMatchObject({ context: { user: { moderator: true } } });

    const seen = await meeting(w.tokens.teacher);
    expect(seen.joined?.map((j) => [j.user_id, j.student])).toEqual([
      [w.company.users.student.id, true],
      [w.teacherId, false],
    ]);
    expect(seen.policies.mark_attendance).toBe(true);
  });

  it('cannot be joined while no server is set', async () => {
    await settings({ server_url: null });
    const { room_name, configured } = await meeting();
    expect(configured).toBe(false);
    const res = await w.api(student, 'POST', `/meeting/${room_name}/join`);
    expect(res.body.error.code).toBe('meeting_not_configured');
  });
});
