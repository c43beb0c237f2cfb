import { HistoryEvent } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../../seed/factories.js';

const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let tokens: Record<'owner' | 'director' | 'admin' | 'teacher', string>;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Page Co',
    subdomain: uniqueSubdomain('page'),
    branches: ['Main'],
  });
  const login = (phone: string) => loginAs(app, company.subdomain, phone);
  tokens = {
    owner: await login('900000008'),
    director: await login('900000009'),
    admin: await login('900000002'),
    teacher: await login('900000006'),
  };
});

const api = (method: 'GET' | 'PUT', url: string, token: string | undefined, body?: unknown) =>
  call(app, { method, url: `/api/v1${url}`, sub: company.subdomain, token, body });
const save = (body: unknown, token = tokens.owner) => api('PUT', `/company/${company.id}/datas`, token, body);
const settings = (token = tokens.owner) => api('GET', `/company/byid/${company.id}`, token);
const settingsEvents = async () => {
  const res = await api(
    'GET',
    `/company/${company.id}/history?type=${HistoryEvent.companySettingsChanged}`,
    tokens.owner,
  );
  return res.body.data as { data: { before: Record<string, unknown>; after: Record<string, unknown> } }[];
};

describe('GET /company/byid/{id} and /company/{id}/datas', () => {
  it('answers every field of the settings page with what the caller may do, and no credentials', async () => {
    const res = await settings(tokens.director);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: company.id,
      name: 'Page Co',
      about: null,
      lead_about: null,
      backgrounds: [],
      facebook_pixel: null,
      telegram_report_id: null,
      licence_ends_on: null,
      start_of_working_day: '09:00',
      end_of_working_day: '18:00',
      policies: { can_edit: true },
    });
    expect(res.body.datas).not.toHaveProperty('workly');
    expect(res.body.datas).not.toHaveProperty('onlinepbx');
    const datas = await api('GET', `/company/${company.id}/datas`, tokens.teacher);
    expect(datas.status).toBe(200);
    expect(datas.body).toMatchObject({ country: 'uz', locale: 'uz', company_type: 'training_center' });
    expect(datas.body).not.toHaveProperty('workly');
  });

  it('refuses the settings to an admin (403), and another company to anyone (404)', async () => {
    expect((await settings(tokens.admin)).status).toBe(403);
    expect((await api('GET', `/company/byid/${company.id + 100000}`, tokens.owner)).status).toBe(404);
    expect((await api('GET', `/company/${company.id + 100000}/datas`, tokens.teacher)).status).toBe(404);
    expect((await api('GET', `/company/${company.id}/datas`, undefined)).status).toBe(401);
  });
});

describe('PUT /company/{id}/datas with the page’s own fields', () => {
  it('saves name, phone, texts, theme, pixel, hours, language and type in one event', async () => {
    const res = await save({
      name: 'Nur Academy',
      phone: '+998 90 123-45-67',
      about: 'We teach',
      lead_about: 'Leave your number',
      theme_color: 'dark.blue',
      facebook_pixel: '123456789012',
      start_of_working_day: '08:30',
      end_of_working_day: '20:00',
      locale: 'ru',
      company_type: 'kindergarten',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Nur Academy', phone: '901234567', start_of_working_day: '08:30' });
    expect(res.body.datas).toMatchObject({ locale: 'ru', company_type: 'kindergarten', theme_color: 'dark.blue' });
    expect((await settings()).body).toMatchObject({
      about: 'We teach',
      lead_about: 'Leave your number',
      facebook_pixel: '123456789012',
      end_of_working_day: '20:00',
    });
    // The log-in page reads the new name and hours at once.
    const shared = await call(app, { url: `/api/v1/company/subdomain/${company.subdomain}` });
    expect(shared.body).toMatchObject({ name: 'Nur Academy', start_of_working_day: '08:30', locale: 'ru' });
    const events = await settingsEvents();
    expect(events).toHaveLength(1);
    expect(events[0]?.data.before).toMatchObject({ name: 'Page Co', phone: null, about: null, locale: 'uz' });
    expect(events[0]?.data.after).toMatchObject({
      name: 'Nur Academy',
      phone: '901234567',
      facebook_pixel: '123456789012',
    });
  });

  it('clears texts given empty, compares one hour with the stored other, and records only what changed', async () => {
    const res = await save({ about: '', facebook_pixel: null, end_of_working_day: '21:00', name: 'Nur Academy' });
    expect(res.status).toBe(200);
    expect((await settings()).body).toMatchObject({ about: null, facebook_pixel: null, end_of_working_day: '21:00' });
    const [latest] = await settingsEvents();
    expect(latest?.data).toEqual({
      before: { about: 'We teach', end_of_working_day: '20:00', facebook_pixel: '123456789012' },
      after: { about: null, end_of_working_day: '21:00', facebook_pixel: null },
    });
  });

  it('refuses a phone of the wrong length, hours that end before they start, and bad values (400)', async () => {
    const refusals: [unknown, string][] = [
      [{ phone: '90123' }, 'phone'],
      [{ start_of_working_day: '22:00' }, 'end_of_working_day'],
      [{ start_of_working_day: '10:00', end_of_working_day: '09:00' }, 'end_of_working_day'],
      [{ start_of_working_day: '25:00' }, 'start_of_working_day'],
      [{ facebook_pixel: 'px-123' }, 'facebook_pixel'],
      [{ name: 'x' }, 'name'],
      [{ locale: 'de' }, 'locale'],
      [{ company_type: 'school' }, 'company_type'],
    ];
    for (const [body, field] of refusals) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await save({ name: 'Hijack' }, tokens.admin)).status).toBe(403);
    expect((await settings()).body).toMatchObject({
      name: 'Nur Academy',
      phone: '901234567',
      start_of_working_day: '08:30',
    });
  });
});
