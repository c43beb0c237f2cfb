import { createServer } from 'node:net';

/** A port of 127.0.0.1 free at the moment of asking, for a server a test (or the bench) starts in a child process. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
