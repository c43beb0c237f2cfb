import { describe, expect, it } from 'vitest';
import { call, openTestApp } from './helpers.js';

const { app } = await openTestApp();

describe('platform routes', () => {
  it('reports database reachability at /api/health', async () => {
    const res = await call(app, { url: '/api/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await call(app, { url: '/api/docs/json' });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const room = res.body.paths['/api/v1/room'];
    expect(room.post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'capacity', 'branch_id']),
    );
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/room/{id}']));
  });

  it('answers unknown API paths in the one error shape, with the request id', async () => {
    const res = await call(app, { url: '/api/v1/nowhere', headers: { 'x-request-id': 'req-123' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'route_not_found', request_id: 'req-123' });
    expect(res.headers['x-request-id']).toBe('req-123');
  });

  it('answers malformed JSON with a 400 in the same shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { host: 'demo.localhost', 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).error.code).toBe('bad_request');
  });
});
