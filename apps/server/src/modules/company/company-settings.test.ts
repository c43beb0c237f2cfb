import { billingSettingsOf, HistoryEvent } from '@crm/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { companies, historyEvents } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let tokens: Record<'owner' | 'director' | 'admin' | 'teacher', string>;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Settings Co',
    subdomain: uniqueSubdomain('settings'),
    branches: ['Main'],
    // A key the settings page does not know: it must survive every save.
    datas: { gamification: true, facebook_pixel: 'px-1' },
  });
  const login = (phone: string) => loginAs(app, company.subdomain, phone);
  tokens = {
    owner: await login('900000008'),
    director: await login('900000009'),
    admin: await login('900000002'),
    teacher: await login('900000006'),
  };
});

const save = (token: string | undefined, body: unknown, id = company.id) =>
  call(app, { method: 'PUT', url: `/api/v1/company/${id}/datas`, sub: company.subdomain, token, body });
const storedDatas = () =>
  inCompany(database.db, company.id, async (tx) => {
    const [row] = await tx.select({ datas: companies.datas }).from(companies).where(eq(companies.id, company.id));
    return row?.datas as Record<string, unknown>;
  });
const settingsEvents = () =>
  inCompany(database.db, company.id, (tx) =>
    tx
      .select()
      .from(historyEvents)
      .where(and(eq(historyEvents.companyId, company.id), eq(historyEvents.type, HistoryEvent.companySettingsChanged))),
  );

describe('PUT /company/{id}/datas', () => {
  it('saves the teacher and timetable switches, keeps the other settings and records what changed', async () => {
    const res = await save(tokens.owner, {
      teacher_attendance_only_during_lesson: true,
      time_zone: 'asia/samarkand',
      lesson_start_time_step_five_minutes: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.datas).toMatchObject({
      teacher_attendance_only_during_lesson: true,
      time_zone: 'Asia/Samarkand',
      lesson_start_time_step_five_minutes: false,
      gamification: true,
    });
    expect(await storedDatas()).toMatchObject({ gamification: true, facebook_pixel: 'px-1', country: 'uz' });
    const [event] = await settingsEvents();
    expect(event).toMatchObject({ entity: 'company', entityId: company.id, actorId: company.users.owner.id });
    expect(event?.data).toEqual({
      before: {
        teacher_attendance_only_during_lesson: false,
        time_zone: null,
        lesson_start_time_step_five_minutes: true,
      },
      after: {
        teacher_attendance_only_during_lesson: true,
        time_zone: 'Asia/Samarkand',
        lesson_start_time_step_five_minutes: false,
      },
    });
  });

  it('changes only what is given; null goes back to the country time zone; GET /company reads it', async () => {
    const res = await save(tokens.director, { time_zone: null });
    expect(res.status).toBe(200);
    expect(res.body.datas).toMatchObject({ time_zone: null, teacher_attendance_only_during_lesson: true });
    const read = await call(app, {
      url: `/api/v1/company/${company.id}`,
      sub: company.subdomain,
      token: tokens.teacher,
    });
    expect(read.body.datas).toMatchObject({ time_zone: null, lesson_start_time_step_five_minutes: false });
    // Saving the same values again changes nothing and records nothing.
    const before = (await settingsEvents()).length;
    expect((await save(tokens.owner, { time_zone: null })).status).toBe(200);
    expect(await settingsEvents()).toHaveLength(before);
  });

  it('saves the payment mode and lessons per month, which the billing engine then reads', async () => {
    const res = await save(tokens.owner, { student_payment_mode: 'by_day', lessons_per_month_status: '12' });
    expect(res.status).toBe(200);
    expect(res.body.datas).toMatchObject({ student_payment_mode: 'by_day', lessons_per_month_status: '12' });
    const settings = billingSettingsOf((await storedDatas()) as Record<string, string>);
    expect(settings).toEqual({ mode: 'by_day', lessonsPerMonth: '12' });
    const [event] = (await settingsEvents()).slice(-1);
    expect(event?.data).toMatchObject({ after: { student_payment_mode: 'by_day', lessons_per_month_status: '12' } });
  });

  it('refuses a payment mode or a lessons-per-month value the engine does not know (400)', async () => {
    expect((await save(tokens.owner, { student_payment_mode: 'weekly' })).status).toBe(400);
    expect((await save(tokens.owner, { lessons_per_month_status: '14' })).status).toBe(400);
    expect((await save(tokens.admin, { student_payment_mode: 'by_course' })).status).toBe(403);
    expect(await storedDatas()).toMatchObject({ student_payment_mode: 'by_day', lessons_per_month_status: '12' });
  });

  it('refuses an unknown time zone, an offset and keys that are not these switches (400)', async () => {
    for (const time_zone of ['Mars/Olympus', '+05:00']) {
      const res = await save(tokens.owner, { time_zone });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'time_zone', rule: 'time_zone' })]);
    }
    expect((await save(tokens.owner, { gamification: false })).status).toBe(400);
    expect((await save(tokens.owner, { teacher_attendance_only_during_lesson: 'yes' })).status).toBe(400);
    expect((await storedDatas()).gamification).toBe(true);
  });

  it('refuses an admin and a teacher (403), an anonymous caller (401) and another company (404)', async () => {
    const body = { teacher_attendance_only_during_lesson: false };
    expect((await save(tokens.admin, body)).status).toBe(403);
    expect((await save(tokens.teacher, body)).status).toBe(403);
    expect((await save(undefined, body)).status).toBe(401);
    const other = await createCompanyWithRoleUsers(database.db, {
      name: 'Other Co',
      subdomain: uniqueSubdomain('other'),
      branches: ['X'],
    });
    const foreign = await save(tokens.owner, body, other.id);
    expect(foreign.status).toBe(404);
    expect((await storedDatas()).teacher_attendance_only_during_lesson).toBe(true);
  });
});
