import { beforeAll, describe, expect, it } from 'vitest';
import { importThroughJob, openJobsApp } from '../src/modules/jobs/jobs-test-world.js';
import { type CreatedCompany, createCompanyWithRoleUsers, type RoleUsers } from '../src/seed/factories.js';
import { loginAs, uniqueSubdomain } from './helpers.js';
import { zipBomb } from './zip-bomb.js';

/**
 * Issue 13 §7: an import's file cannot exhaust the server's memory or stop it answering others. The upload's
 * checks answer at once; the file is parsed by the import job (issue 15), which a lying file can only fail.
 */
const { app, database } = await openJobsApp();
let company: CreatedCompany & { users: RoleUsers };
let admin: string;
const MB = 1024 * 1024;

beforeAll(async () => {
  company = await createCompanyWithRoleUsers(database.db, {
    name: 'Bombs',
    subdomain: uniqueSubdomain('bomb'),
    branches: ['B'],
  });
  admin = await loginAs(app, company.subdomain, company.users.admin.phone);
});

const importFile = (file: Buffer) =>
  importThroughJob(app, {
    url: `/api/v1/user/import?branch_id=${company.branchIds[0]}`,
    sub: company.subdomain,
    token: admin,
    file,
  });

describe('an import file', () => {
  it('is refused before parsing when its entries say they inflate past the limit', async () => {
    // Made before the clock starts: deflating 600 MB alone takes ~2.7 s on a 2-core machine.
    const bomb = zipBomb(600 * MB);
    const started = performance.now();
    const res = await importFile(bomb);
    expect([res.status, res.body.error.code]).toEqual([413, 'file_too_large']);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('that lies about its size fails its job, parsed in a worker while the server keeps answering, within its memory', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const healthTimes: number[] = [];
    let parsing = true;
    const imported = importFile(zipBomb(450 * MB, 1_000)).finally(() => {
      parsing = false;
    });
    while (parsing) {
      const asked = performance.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      healthTimes.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    clearInterval(sampler);
    const res = await imported;
    expect(res.status).toBe(200);
    expect(res.job?.state).toBe('failed');
    expect(['import_file_invalid', 'file_too_large']).toContain(res.job?.error_code);
    expect(healthTimes.length).toBeGreaterThan(1);
    expect(Math.max(...healthTimes)).toBeLessThan(1_000);
    console.log(
      `bomb upload: health answered ${healthTimes.length} times, slowest ${Math.round(Math.max(...healthTimes))} ms; ` +
        `rss ${Math.round(before / MB)} → peak ${Math.round(peak / MB)} MB`,
    );
    expect(peak - before).toBeLessThan(400 * MB);
  });

  it('is refused above the upload limit', async () => {
    const res = await importFile(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(9 * MB)]));
    expect([res.status, res.body.error.code]).toEqual([413, 'file_too_large']);
  });
});
