import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.js';

/** How long requests in flight may take to finish once the server is told to stop. */
export const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * The graceful stop (issue 23, on SIGTERM or SIGINT): the server stops accepting (Fastify answers 503 to requests
 * that still arrive on open connections), ends the live board's streams with a short retry hint so browsers
 * reconnect to another server, lets the job workers finish their job, waits for the requests in flight up to
 * `graceMs`, then closes the database. 'timed_out': some request was still running and is cut off.
 */
export async function closeGracefully(
  app: FastifyInstance,
  database: Database,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<'closed' | 'timed_out'> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timed_out'>((resolve) => {
    timer = setTimeout(() => resolve('timed_out'), graceMs);
  });
  // A connection kept alive by a browser becomes idle once its last request is answered: close each as it does
  // (Node closes only the connections idle at the moment the stop begins).
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const outcome = await Promise.race([app.close().then(() => 'closed' as const), limit]);
  clearTimeout(timer);
  clearInterval(idleSweep);
  await database.close().catch((error: unknown) => app.log.warn({ err: error }, 'database close failed'));
  return outcome;
}
