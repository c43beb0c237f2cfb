import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '@crm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, openTestApp, uniqueSubdomain } from '../../../test/helpers.js';
import {
  type CreatedCompany,
  createCompanyWithRoleUsers,
  createUser,
  DEMO_PASSWORD,
  type RoleUsers,
} from '../../seed/factories.js';

/** Issue 13 §5 and §6: what ends a session (and its open streams), and which passwords are refused. */
const { app, database } = await openTestApp();
let company: CreatedCompany & { users: RoleUsers };
let ceo: string;
let phoneSeq = 971_000_000;
let port: number;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Keys',
    subdomain: uniqueSubdomain('keys'),
    branches: ['K'],
  });
  ceo = await loginAs(app, company.subdomain, company.users.ceo.phone);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

async function newAdmin() {
  const phone = String(phoneSeq++);
  const id = await createUser(database.db, company.id, {
    name: `Admin ${phone}`,
    phone,
    roles: [Role.admin],
    branchIds: company.branchIds,
  });
  return { id, phone, token: await loginAs(app, company.subdomain, phone) };
}

const me = (token: string) => call(app, { method: 'POST', url: '/api/v1/auth/me', sub: company.subdomain, token });
const editUser = (id: number, body: object) =>
  call(app, {
    method: 'PUT',
    url: `/api/v1/user/${id}`,
    sub: company.subdomain,
    token: ceo,
    body,
    headers: { 'accept-language': 'en' },
  });
const changeOwn = (token: string, body: object) =>
  call(app, {
    method: 'PUT',
    url: '/api/v1/auth/password',
    sub: company.subdomain,
    token,
    body,
    headers: { 'accept-language': 'en' },
  });

/** Opens the lead board's stream and resolves when the server ends it. */
function streamEnded(token: string): Promise<{ opened: Promise<void>; ended: Promise<number> }> {
  return new Promise((resolve) => {
    let markOpen!: () => void;
    const opened = new Promise<void>((r) => {
      markOpen = r;
    });
    const ended = new Promise<number>((markEnded) => {
      const req = request(
        {
          port,
          host: '127.0.0.1',
          path: `/api/v1/lead-increment/stream?branch_id=${company.branchIds[0]}`,
          headers: { host: `${company.subdomain}.localhost`, authorization: `Bearer ${token}` },
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('event: ready')) markOpen();
          });
          res.on('end', () => markEnded(performance.now()));
        },
      );
      req.end();
    });
    resolve({ opened, ended });
  });
}

describe('ending sessions', () => {
  it('ends every token of a user whose password an administrator changes', async () => {
    const admin = await newAdmin();
    const edited = await editUser(admin.id, { password: 'Tashkent-2026!' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const res = await me(admin.token);
    expect([res.status, res.body.error.code]).toEqual([401, 'session_expired']);
    expect((await loginAs(app, company.subdomain, admin.phone, 'Tashkent-2026!')).length).toBeGreaterThan(20);
  });

  it('ends every token of a user whose roles change', async () => {
    const admin = await newAdmin();
    expect((await editUser(admin.id, { roles: [Role.cashier] })).status).toBe(200);
    expect((await me(admin.token)).status).toBe(401);
  });

  it('closes an open lead-board stream within a second of log-out', async () => {
    const admin = await newAdmin();
    const stream = await streamEnded(admin.token);
    await stream.opened;
    const loggedOutAt = performance.now();
    expect(
      (await call(app, { method: 'POST', url: '/api/v1/auth/logout', sub: company.subdomain, token: admin.token }))
        .status,
    ).toBe(200);
    const endedAt = await stream.ended;
    expect(endedAt - loggedOutAt).toBeLessThan(1000);
  });

  it('closes the streams of an archived user', async () => {
    const admin = await newAdmin();
    const stream = await streamEnded(admin.token);
    await stream.opened;
    const archived = await call(app, {
      method: 'POST',
      url: '/api/v1/user/delete/multiple',
      sub: company.subdomain,
      token: ceo,
      body: { ids: [admin.id] },
    });
    expect(archived.status).toBe(200);
    await expect(stream.ended).resolves.toBeGreaterThan(0);
  });
});

describe('changing one’s own password', () => {
  it('needs the current password, refuses weak ones, and ends the other sessions only', async () => {
    const admin = await newAdmin();
    const elsewhere = await loginAs(app, company.subdomain, admin.phone);

    const wrong = await changeOwn(admin.token, { current_password: 'not-it', password: 'Samarkand-77' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([
      expect.objectContaining({ field: 'current_password', rule: 'wrong_password' }),
    ]);

    const common = await changeOwn(admin.token, { current_password: DEMO_PASSWORD, password: 'password1' });
    expect(common.body.error.details[0]).toMatchObject({ field: 'password', rule: 'common_password' });
    const phone = await changeOwn(admin.token, { current_password: DEMO_PASSWORD, password: `+998 ${admin.phone}` });
    expect(phone.body.error.details[0]).toMatchObject({ field: 'password', rule: 'password_is_phone' });
    const short = await changeOwn(admin.token, { current_password: DEMO_PASSWORD, password: '123456' });
    expect(short.body.error.details[0]).toMatchObject({ field: 'password', rule: 'too_small', limit: 8 });
    expect((await me(elsewhere)).status).toBe(200);

    expect((await changeOwn(admin.token, { current_password: DEMO_PASSWORD, password: 'Samarkand-77' })).status).toBe(
      200,
    );
    expect((await me(admin.token)).status).toBe(200);
    expect((await me(elsewhere)).status).toBe(401);
    expect((await loginAs(app, company.subdomain, admin.phone, 'Samarkand-77')).length).toBeGreaterThan(20);
  });

  it('refuses a common password, six spaces or the phone when staff set one', async () => {
    for (const [password, rule] of [
      ['12345678', 'common_password'],
      ['        ', 'common_password'],
      ['      ', 'too_small'],
      ['998977000111', 'password_is_phone'],
    ]) {
      const res = await call(app, {
        method: 'POST',
        url: '/api/v1/user',
        sub: company.subdomain,
        token: ceo,
        body: {
          name: 'New',
          phone: '977000111',
          roles: [Role.cashier],
          branches: company.branchIds,
          password,
          user_type: 'staff',
        },
      });
      expect(res.status, password).toBe(400);
      expect(res.body.error.details, password).toContainEqual(expect.objectContaining({ field: 'password', rule }));
    }
  });
});
