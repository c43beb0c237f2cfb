import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/free-port.js';
import { httpLoad } from '../load.js';
import { type AppServer, BENCH_JWT_SECRET } from '../support.js';
import { studentList } from './student-list.js';
import type { TimedResult, TimedScenario } from './types.js';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const CONCURRENCY = 40;
const WARM_UP = 400;
const REQUESTS = 3_000;

/** The real server (src/main.ts) with WORKERS=`workers` on the run's database, once it says it is running. */
async function startServer(url: string, host: string, workers: number): Promise<AppServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      WORKERS: String(workers),
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: BENCH_JWT_SECRET,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-cluster-')),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the server (WORKERS=${workers}) ended (${code}): ${output}`)));
  });
  return {
    port,
    host,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Issue 23: the same load on the real server as one process and as two (WORKERS=2, Node's cluster), in one run on
 * this machine: the student list (as its load scenario asks it) from 40 connections at once.
 */
export const clusterScenario: TimedScenario = {
  kind: 'timed',
  name: 'cluster',
  what: `the student list from ${CONCURRENCY} connections, the server as 1 process and as 2 (WORKERS=2)`,
  async run({ dataset, url, server, token }) {
    const list = { ...studentList(dataset), concurrency: CONCURRENCY };
    const results: TimedResult[] = [];
    for (const workers of [1, 2]) {
      const started = performance.now();
      const app = await startServer(url, server.host, workers);
      const startSeconds = (performance.now() - started) / 1000;
      try {
        // Each process warms up (its JIT, its pool) before the measured requests.
        await httpLoad(app, list, token('admin'), 1, WARM_UP);
        const load = await httpLoad(app, list, token('admin'), 1 + WARM_UP, REQUESTS);
        results.push({
          label: `student list at concurrency ${CONCURRENCY}, ${workers} process${workers > 1 ? 'es' : ''}`,
          seconds: load.p50 / 1000,
          ok: load.failures === 0,
          note:
            `${load.throughput.toFixed(0)} req/s, p50 ${load.p50.toFixed(0)} ms, p95 ${load.p95.toFixed(0)} ms ` +
            `over ${load.requests} requests, ${load.failures} failed; started in ${startSeconds.toFixed(1)} s`,
        });
      } finally {
        await app.stop();
      }
    }
    return results;
  },
};
