import { HistoryEvent } from '@crm/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { historyEvents } from '../../db/schema/index.js';
import { createCompanyWithRoleUsers, createRoomRow } from '../../seed/factories.js';

/** Issue 16: the onboarding wizard's progress on the server, and the end of the log-in guard's redirect. */
const { app, database } = await openTestApp();
const fresh = await createCompanyWithRoleUsers(database.db, {
  name: 'Fresh',
  subdomain: uniqueSubdomain('fresh'),
  branches: ['F'],
});
const other = await createCompanyWithRoleUsers(database.db, {
  name: 'Other',
  subdomain: uniqueSubdomain('other'),
  branches: ['O'],
});
let ceo: string;
let admin: string;

const as = (token: string) => (method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  call(app, { method, url: `/api/v1${url}`, sub: fresh.subdomain, token, body });

beforeAll(async () => {
  ceo = await loginAs(app, fresh.subdomain, fresh.users.ceo.phone);
  admin = await loginAs(app, fresh.subdomain, fresh.users.admin.phone);
});

describe('onboarding', () => {
  it('starts at the company step and resumes after what was done or skipped', async () => {
    const start = await as(ceo)('GET', '/onboarding');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ current: 'company', finished: false, created: {} });
    expect(start.body.steps.map((s: { state: unknown }) => s.state)).toEqual([null, null, null, null, null, null]);

    await as(ceo)('PUT', '/onboarding/step', { step: 'company', state: 'skipped' });
    await as(ceo)('PUT', '/onboarding/step', { step: 'course', state: 'skipped' });
    const roomId = await createRoomRow(database.db, fresh.id, fresh.branchIds[0] as number, 'Room 1', 12);
    const room = await as(ceo)('PUT', '/onboarding/step', {
      step: 'room',
      state: 'done',
      created: { room_id: roomId },
    });
    expect(room.body).toMatchObject({ current: 'teacher', created: { room_id: roomId } });

    // A reload asks again and lands where the owner was.
    const reload = await as(ceo)('GET', '/onboarding');
    expect(reload.body.current).toBe('teacher');
    expect(reload.body.steps.slice(0, 3).map((s: { state: unknown }) => s.state)).toEqual([
      'skipped',
      'skipped',
      'done',
    ]);
    const [recorded] = await database.db
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, fresh.id), eq(historyEvents.type, HistoryEvent.onboardingStepRecorded)))
      .orderBy(asc(historyEvents.id));
    expect(recorded?.data).toMatchObject({ step: 'company', state: 'skipped' });
  });

  it("refuses another company's record as what a step made", async () => {
    const foreignRoom = await createRoomRow(database.db, other.id, other.branchIds[0] as number, 'Theirs', 10);
    const res = await as(ceo)('PUT', '/onboarding/step', {
      step: 'room',
      state: 'done',
      created: { room_id: foreignRoom },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'created.room_id' })]);
  });

  it('is for owner and CEO only', async () => {
    expect((await as(admin)('GET', '/onboarding')).status).toBe(403);
    expect((await as(admin)('POST', '/onboarding/finish')).status).toBe(403);
  });

  it('ends for good when finished: the session then says onboarded, and finishing again changes nothing', async () => {
    const before = await as(ceo)('POST', '/auth/me');
    expect(before.body.company.datas.onboarded).toBe(false);
    const done = await as(ceo)('POST', '/onboarding/finish');
    expect(done.body).toMatchObject({ finished: true, current: null });
    const after = await as(ceo)('POST', '/auth/me');
    expect(after.body.company.datas.onboarded).toBe(true);
    await as(ceo)('POST', '/onboarding/finish');
    const finishes = await database.db
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, fresh.id), eq(historyEvents.type, HistoryEvent.onboardingFinished)));
    expect(finishes).toHaveLength(1);
    expect(finishes[0]?.data).toEqual({ skipped: true });
  });
});
