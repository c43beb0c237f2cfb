import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import type { BackupFigures } from '../src/db/backup-figures.js';
import { type Database, openDatabase } from '../src/db/client.js';
import type { FileStorage } from '../src/platform/files.js';
import { openFileStorage } from '../src/platform/open-file-storage.js';
import { connectS3, type S3StorageConfig } from '../src/platform/s3-file-storage.js';
import { startS3Server } from './fakes/s3-server.js';
import { createDatabase, dropDatabase, restorePgDump } from './postgres-backup.js';

/**
 * The installations of the restore drill (backup-restore.test.ts), each backed up, destroyed and restored with the
 * commands docs/operations.md gives an operator: the embedded one (PGlite and files in DATA_DIR, copied whole while
 * stopped) and the PostgreSQL one (pg_dump in the snapshot of the figures command; files in an S3 bucket, copied
 * object by object as `aws s3 sync` does).
 */

const execFileAsync = promisify(execFile);
const FIGURES_COMMAND = fileURLToPath(new URL('../src/cli/backup-figures.ts', import.meta.url));

/** Where a server keeps its data: the database and the uploaded files. */
export interface Stores {
  database: Database;
  files: FileStorage;
}

export interface Installation extends Stores {
  /**
   * Backs up the installation (the test has stopped its server) as the operator would, the figures command included,
   * and answers what that command printed for the company; then destroys the database and the files, so a
   * restore can read nothing but the backup.
   */
  backUpAndDestroy(companySubdomain: string): Promise<BackupFigures>;
  /** A fresh database and file storage made from the backup alone. */
  restore(): Promise<Stores>;
  /** Closes and removes everything the drill made. */
  remove(): Promise<void>;
}

/** `npm run backup:figures` as an operator runs it (through tsx: the tests run the sources, not dist/). */
async function runFiguresCommand(env: Record<string, string>, args: string[]): Promise<BackupFigures> {
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', FIGURES_COMMAND, ...args], {
    // An empty variable reads as unset (config.ts): the command sees only the installation it is pointed at.
    env: { ...process.env, DATABASE_URL: '', S3_BUCKET: '', ...env },
  });
  return JSON.parse(stdout) as BackupFigures;
}

/**
 * Databases and servers to close when the drill ends, newest first. `add` answers the closing as a function that
 * runs it once, so the drill may close a thing early (destroying it) without the end closing it again.
 */
function closings() {
  const steps: (() => Promise<unknown>)[] = [];
  return {
    add<T>(step: () => Promise<T>): () => Promise<T> {
      let done: Promise<T> | undefined;
      const once = () => {
        done ??= step();
        return done;
      };
      steps.unshift(once);
      return once;
    },
    run: async () => {
      for (const step of steps.splice(0)) await step().catch(() => {});
    },
  };
}

/**
 * A DATA_DIR as the embedded server leaves it (`pglite/`, `files/`), whose database starts from the test run's
 * migrated template rather than an initdb of seconds.
 */
export async function openEmbeddedInstallation(): Promise<Installation> {
  const root = await mkdtemp(join(tmpdir(), 'crm-drill-'));
  const dataDir = join(root, 'data');
  const archive = join(root, 'crm-data.tgz');
  const toClose = closings();
  const open = async (dir: string) => {
    const database = await openDatabase({ dataDir: dir });
    const stop = toClose.add(() => database.close());
    await database.migrate();
    return { database, stop, files: await openFileStorage({ kind: 'disk', dir: join(dir, 'files') }) };
  };
  await mkdir(dataDir);
  // PGlite loads a dump only into a directory without a database: written once here, then opened as a server would.
  const fromTemplate = new PGlite(join(dataDir, 'pglite'), {
    loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
  });
  await fromTemplate.waitReady;
  await fromTemplate.close();
  const original = await open(dataDir);
  return {
    ...original,
    async backUpAndDestroy(company) {
      await original.stop();
      const figures = await runFiguresCommand({ DATA_DIR: dataDir }, ['--company', company]);
      await execFileAsync('tar', ['czf', archive, '-C', dataDir, '.']);
      await rm(dataDir, { recursive: true });
      return figures;
    },
    async restore() {
      const restoredDir = join(root, 'restored');
      await mkdir(restoredDir);
      await execFileAsync('tar', ['xzf', archive, '-C', restoredDir]);
      return open(restoredDir);
    },
    async remove() {
      await toClose.run();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** What `aws s3 sync s3://BUCKET/ <directory>` does: every object as a file under its name. */
async function copyBucketToDirectory(config: S3StorageConfig, directory: string): Promise<void> {
  const s3 = connectS3(config);
  try {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }));
      for (const { Key } of page.Contents ?? []) {
        const object = await s3.send(new GetObjectCommand({ Bucket: config.bucket, Key }));
        const path = join(directory, Key!);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, await object.Body!.transformToByteArray());
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    s3.destroy();
  }
}

/** What `aws s3 sync <directory> s3://BUCKET/` does. */
async function copyDirectoryToBucket(directory: string, config: S3StorageConfig): Promise<void> {
  const s3 = connectS3(config);
  try {
    for (const name of await readdir(directory, { recursive: true })) {
      const path = join(directory, name);
      if (!(await stat(path)).isFile()) continue;
      await s3.send(new PutObjectCommand({ Bucket: config.bucket, Key: name, Body: await readFile(path) }));
    }
  } finally {
    s3.destroy();
  }
}

/** A database of its own on the server of `serverUrl` (the suite's shared one holds other files' companies). */
export async function openPostgresInstallation(serverUrl: string): Promise<Installation> {
  const name = `crm_drill_${randomBytes(4).toString('hex')}`;
  const restoredName = `${name}_restored`;
  const root = await mkdtemp(join(tmpdir(), 'crm-drill-'));
  const dump = join(root, 'crm.dump');
  const filesBackup = join(root, 'files');
  const toClose = closings();
  toClose.add(() => Promise.all([dropDatabase(serverUrl, name), dropDatabase(serverUrl, restoredName)]));
  const open = async (url: string) => {
    const bucket = await startS3Server();
    const stopBucket = toClose.add(() => bucket.stop());
    const database = await openDatabase({ url, poolSize: 5 });
    const stop = toClose.add(() => database.close());
    await database.migrate();
    const files = await openFileStorage({ kind: 's3', ...bucket.config });
    return { database, files, stop, bucket: bucket.config, stopBucket };
  };
  const sourceUrl = await createDatabase(serverUrl, name);
  const original = await open(sourceUrl);
  return {
    ...original,
    async backUpAndDestroy(company) {
      const figures = await runFiguresCommand(
        { DATABASE_URL: sourceUrl, JWT_SECRET: randomBytes(32).toString('hex') },
        ['--company', company, '--pg-dump', dump],
      );
      // The files after the database: every file a dumped row names was there before the dump began.
      await copyBucketToDirectory(original.bucket, filesBackup);
      await original.stop();
      await dropDatabase(serverUrl, name);
      // s3rver keeps its objects in a temporary directory, which stopping it removes.
      await original.stopBucket();
      return figures;
    },
    async restore() {
      const restoredUrl = await createDatabase(serverUrl, restoredName);
      await restorePgDump(restoredUrl, dump);
      const restored = await open(restoredUrl);
      await copyDirectoryToBucket(filesBackup, restored.bucket);
      return restored;
    },
    async remove() {
      await toClose.run();
      await rm(root, { recursive: true, force: true });
    },
  };
}
