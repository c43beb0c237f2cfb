import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.js';
import { billingRuns } from '../../db/schema/index.js';
import { inCompany } from '../../platform/tenancy.js';
import { createBillingWorld, noonOf } from './billing-test-world.js';
import { runBilling } from './runs.js';

/**
 * Issue 5's crash test, on the real PostgreSQL only (TEST_DATABASE_URL): a separate
 * process running the day is killed (SIGKILL) half-way; the next run takes the day over
 * once the dead process's lease has run out and completes it, nothing missing or doubled.
 */
const url = process.env.TEST_DATABASE_URL;
const here = dirname(fileURLToPath(import.meta.url));

describe.skipIf(!url)('a billing process killed in the middle of a run', () => {
  it('is completed by the next run with nothing missing or doubled', async () => {
    const { db } = await openTestDatabase();
    const w = await createBillingWorld(db, { mode: 'monthly_calendar', lessonsPerMonth: 'dynamic' });
    const groups = [w.groupId];
    for (let i = 0; i < 5; i++) groups.push(await w.createGroup());
    const students: [number, number][] = [];
    for (const group of groups) students.push([group, await w.addStudent({ group })]);

    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(here, 'crash-child.ts'), String(w.companyId), '2025-03-10'],
      { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('batch 2')) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`the child ended by itself: ${output}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(output).not.toContain('finished');
    const booked = (await w.entries()).length;
    expect(booked).toBeGreaterThanOrEqual(2);
    expect(booked).toBeLessThan(groups.length);

    // Until its lease runs out the dead process still holds the day.
    const [row] = await inCompany(db, w.companyId, (tx) =>
      tx
        .select()
        .from(billingRuns)
        .where(and(eq(billingRuns.companyId, w.companyId), eq(billingRuns.runDate, '2025-03-10'))),
    );
    expect(row?.status).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const rerun = await runBilling(db, w.companyId, '2025-03-10', { at: noonOf('2025-03-10') });
    expect(rerun).toMatchObject({ status: 'done', attempt: 2, groups: groups.length });
    expect(rerun.summary.booked.count).toBe(groups.length - booked);
    for (const [group, student] of students) {
      expect(await w.owed(student, group)).toEqual({ 'month:2025-03': 600_000 });
    }
    const keys = (await w.entries()).map((e) => e.naturalKey);
    expect(keys).toHaveLength(groups.length);
    expect(new Set(keys).size).toBe(groups.length);
  }, 60_000);
});
