/**
 * A second server process for board-stream.test.ts: the whole app on DATABASE_URL, listening on a
 * free port it prints as `listening <port>`, until the test kills it.
 *
 *   tsx board-child.ts        (env DATABASE_URL, JWT_SECRET)
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';

const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 2 });
const app = await buildApp({
  config: { baseDomain: 'localhost', jwtSecret: process.env.JWT_SECRET ?? '', logLevel: 'silent' },
  database,
  logger: false,
  filesDir: mkdtempSync(join(tmpdir(), 'board-child-')),
});
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
