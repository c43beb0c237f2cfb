import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startEskizFake } from '../../../test/fakes/eskiz-fake.js';
import { buildTestApp, call, openTestDatabase } from '../../../test/helpers.js';
import { createDebtorsWorld } from '../finance/debtors-test-world.js';
import { ESKIZ_ACCOUNT } from './sms-test-world.js';

const here = dirname(fileURLToPath(import.meta.url));
const url = process.env.TEST_DATABASE_URL;

/** Issue 15: on the real PostgreSQL only — two server processes, one scheduled rule, one SMS a student. */
describe.skipIf(!url)('two server processes and one automatic rule', () => {
  it('send every debtor exactly one SMS', async () => {
    const database = await openTestDatabase();
    const app = await buildTestApp(database);
    await app.ready();
    const w = await createDebtorsWorld(app, database.db);
    const students = [];
    for (let i = 0; i < 30; i += 1) students.push(await w.student(`Qarzdor ${i + 1}`));
    await w.run('2025-03-15');
    const put = await call(app, {
      method: 'PUT',
      url: '/api/v1/auto-sms/debtor',
      sub: w.subdomain,
      token: w.tokens.admin,
      body: { enabled: true, text: '{student_name}, qarzingiz {debt}' },
    });
    expect(put.status).toBe(200);

    const eskiz = await startEskizFake(ESKIZ_ACCOUNT);
    const schema = `pgboss_two_${randomBytes(4).toString('hex')}`;
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', join(here, 'two-servers-child.ts'), String(w.companyId)], {
        env: {
          ...process.env,
          DATABASE_URL: url,
          ESKIZ_URL: eskiz.url,
          ESKIZ_EMAIL: ESKIZ_ACCOUNT.email,
          ESKIZ_PASSWORD: ESKIZ_ACCOUNT.password,
          JOBS_SCHEMA: schema,
          AT: '2025-03-16T05:00:00Z', // 10:00 in Tashkent
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    const children = [start(), start()];
    try {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve, reject) => {
              let output = '';
              child.stdout?.on('data', (chunk: Buffer) => {
                output += chunk.toString();
                if (output.includes('settled')) resolve();
              });
              child.on('exit', (code) => reject(new Error(`a server ended (${code}): ${output}`)));
            }),
        ),
      );
      const perPhone = new Map<string, number>();
      for (const m of eskiz.messages) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
      expect(perPhone.size).toBe(students.length);
      expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    } finally {
      for (const child of children) child.kill('SIGKILL');
      await eskiz.stop();
      await app.close();
    }
  }, 120_000);
});
