import { createHash, randomBytes } from 'node:crypto';
import { localDate } from '@crm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackupFigures, readBackupFigures } from '../src/db/backup-figures.js';
import type { Database } from '../src/db/client.js';
import { postFile } from '../src/modules/courses/test-support.js';
import { createGroupsWorld, type GroupsWorld } from '../src/modules/groups/groups-test-world.js';
import type { FileStorage } from '../src/platform/files.js';
import { type Installation, openEmbeddedInstallation, openPostgresInstallation } from './backup-drill.js';
import { buildTestApp, call, loginAs } from './helpers.js';

/**
 * Issue 23's restore drill, run the way docs/operations.md tells an operator: a company with students in a group,
 * payments (one cancelled) and course files is backed up, its database and files are destroyed, and the backup is
 * restored into a fresh database and a fresh file storage, where every row, ledger sum, balance and file is found
 * again, the same password logs in and money can still be taken. On PGlite (the default) DATA_DIR is archived with
 * tar while stopped, files included; on PostgreSQL (TEST_DATABASE_URL) a database of the drill's own is dumped with
 * pg_dump and restored with pg_restore, and its files live in an S3 bucket (s3rver) copied out and back in.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ADMIN_PHONE = '900000002';

/** What must survive: the database's figures, each student's balance as the API says, each stored file's hash. */
interface Fingerprint {
  figures: BackupFigures;
  balances: Record<number, unknown>;
  files: Record<string, string>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface DrillCompany {
  world: GroupsWorld;
  /** The uploaded course files: their ids and the hash of the bytes sent. */
  uploads: { id: number; sha256: string }[];
  /** The first payment, with its idempotency key. */
  firstPayment: { id: number; key: string };
}

/** The requests of the drill, as a user of the company at `sub` with `token`. */
const api = (app: FastifyInstance, sub: string, token: string) => ({
  get: (url: string) => call(app, { url: `/api/v1${url}`, sub, token }),
  pay: (studentId: number, amount: number, key: string) =>
    call(app, {
      method: 'POST',
      url: '/api/v1/payment',
      sub,
      token,
      body: { student_id: studentId, amount, date: localDate(), method: 'cash' },
      headers: { 'idempotency-key': key },
    }),
});

/** Through the API where there is one: a group with the world's five students, a payment each, a cancellation, files. */
async function buildDrillCompany(app: FastifyInstance, database: Database): Promise<DrillCompany> {
  const world = await createGroupsWorld(app, database.db);
  const admin = world.tokens.admin;
  const group = await world.createGroup();
  for (const student of world.students) {
    const added = await world.api(admin, 'POST', `/group/${group.id}/students/${student}`, {});
    expect(added.status).toBe(200);
  }
  const paid: DrillCompany['firstPayment'][] = [];
  for (const [i, student] of world.students.entries()) {
    const key = `drill-payment-${i}-${randomBytes(4).toString('hex')}`;
    const res = await api(app, world.sub, admin).pay(student, 100_000 * (i + 1), key);
    expect(res.status).toBe(200);
    paid.push({ id: res.body.id, key });
  }
  const cancelled = await world.api(admin, 'DELETE', `/payment/${paid.at(-1)!.id}?reason=drill`);
  expect(cancelled.status).toBe(200);
  const files: [string, string, Buffer][] = [
    ['handout.pdf', 'application/pdf', Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(40_000)])],
    ['words.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', randomBytes(3_000)],
    ['board.png', 'image/png', randomBytes(500)],
  ];
  const uploads: DrillCompany['uploads'] = [];
  for (const [name, type, content] of files) {
    const to = { url: `/file/upload?course_id=${world.english}`, sub: world.sub, token: admin };
    const uploaded = await postFile(app, to, name, type, content);
    expect(uploaded.status).toBe(200);
    uploads.push({ id: uploaded.body.id, sha256: sha256(content) });
  }
  return { world, uploads, firstPayment: paid[0]! };
}

/** The figures first: the requests that read balances must not be what makes two fingerprints differ. */
async function fingerprintOf(
  app: FastifyInstance,
  stores: { database: Database; files: FileStorage },
  company: DrillCompany,
  token: string,
): Promise<Fingerprint> {
  const companyId = company.world.company.id;
  const figures = await readBackupFigures(stores.database.db, companyId);
  const balances: Record<number, unknown> = {};
  for (const student of company.world.students) {
    const res = await api(app, company.world.sub, token).get(`/user/${student}/balance`);
    expect(res.status).toBe(200);
    balances[student] = res.body;
  }
  const files: Record<string, string> = {};
  for (const key of (await stores.files.list(companyId)).sort()) {
    const stored = await stores.files.open(companyId, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    files[key] = sha256(Buffer.concat(chunks));
  }
  return { figures, balances, files };
}

let installation: Installation;
let company: DrillCompany;
let before: Fingerprint;
let figuresOfBackup: BackupFigures;
let restored: { database: Database; files: FileStorage };
let app: FastifyInstance;

beforeAll(async () => {
  installation = serverUrl ? await openPostgresInstallation(serverUrl) : await openEmbeddedInstallation();
  const original = await buildTestApp(installation.database, { files: installation.files });
  await original.ready();
  company = await buildDrillCompany(original, installation.database);
  before = await fingerprintOf(original, installation, company, company.world.tokens.admin);
  await original.close();
  figuresOfBackup = await installation.backUpAndDestroy(company.world.sub);
  restored = await installation.restore();
  app = await buildTestApp(restored.database, { files: restored.files });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await installation?.remove();
});

describe(`the restore drill (${serverUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('backs up a company with students, payments and files, as the backup command counted it', () => {
    expect(before.figures.rows.users).toBeGreaterThan(5);
    expect(before.figures.rows.group_students).toBe(5);
    expect(before.figures.ledger.payment).toBe(String(100_000 + 200_000 + 300_000 + 400_000));
    expect(Object.keys(before.files)).toHaveLength(3);
    expect(figuresOfBackup).toEqual(before.figures);
  });

  it('finds every row, ledger sum, balance and stored file again in the fresh database and storage', async () => {
    // A session of before the backup is a restored row, signed with the same secret: it still reads.
    expect(await fingerprintOf(app, restored, company, company.world.tokens.admin)).toEqual(before);
  });

  it('serves every file through the API, byte for byte, to a user who logs in with the same password', async () => {
    const token = await loginAs(app, company.world.sub, ADMIN_PHONE);
    for (const upload of company.uploads) {
      const res = await app.inject({
        url: `/api/v1/file/${upload.id}`,
        headers: { host: `${company.world.sub}.localhost`, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(upload.sha256);
    }
  });

  it('keeps working: a new payment moves the balance, a repeated one books nothing twice', async () => {
    const cashier = api(app, company.world.sub, await loginAs(app, company.world.sub, ADMIN_PHONE));
    const balanceOf = async (student: number) => (await cashier.get(`/user/${student}/balance`)).body.balance;
    const [first, second] = company.world.students as [number, number];
    const was = await balanceOf(second);
    expect((await cashier.pay(second, 55_000, `after-restore-${second}`)).status).toBe(200);
    expect(await balanceOf(second)).toBe(was + 55_000);
    const after = await readBackupFigures(restored.database.db, company.world.company.id);
    expect(after.ledger.payment).toBe(String(Number(before.figures.ledger.payment) + 55_000));

    // The idempotency records came back too: the first payment's key answers the first payment again.
    const firstBalance = await balanceOf(first);
    const repeated = await cashier.pay(first, 100_000, company.firstPayment.key);
    expect(repeated.body.id).toBe(company.firstPayment.id);
    expect(await balanceOf(first)).toBe(firstBalance);
  });
});
