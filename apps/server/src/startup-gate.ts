import { createServer, type Server } from 'node:http';

/** What a load balancer sees while the server prepares: alive, not ready; everything else asked to come back. */
const STARTING = JSON.stringify({ status: 'starting' });
const RETRY_SECONDS = '5';

/**
 * Issue 23's readiness while the server starts: before the app can answer (migrations under their lock — a second
 * process waits there for the first — the demo seed, the job queue), a bare HTTP listener holds the port, so
 * `GET /api/health` (liveness) answers 200 "starting" and `GET /api/ready` (readiness) 503, and any other request
 * 503 with Retry-After. The app takes the port over when it is ready.
 */
export async function openStartupGate(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const alive = path === '/api/health';
    res.writeHead(alive ? 200 : 503, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(alive ? {} : { 'retry-after': RETRY_SECONDS }),
      connection: 'close',
    });
    res.end(alive || path === '/api/ready' ? STARTING : JSON.stringify({ error: { code: 'starting' } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
