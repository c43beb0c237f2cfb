import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/fakes/s3-server.js';
import { type FileStorage, newFileKey } from './files.js';
import { openFileStorage } from './open-file-storage.js';
import { connectS3, S3FileStorage } from './s3-file-storage.js';

/**
 * The storage contract (files.ts), run over both implementations: the local disk and a real S3-compatible server
 * (s3rver on loopback). A behaviour that differs between them fails here, not in production.
 */
let s3: S3TestServer;
let s3Client: S3Client;
let diskRoot: string;
const storages = {} as Record<'disk' | 's3', FileStorage>;

beforeAll(async () => {
  s3 = await startS3Server();
  s3Client = connectS3(s3.config);
  diskRoot = await mkdtemp(join(tmpdir(), 'crm-file-storage-'));
  storages.disk = await openFileStorage({ kind: 'disk', dir: diskRoot });
  storages.s3 = await openFileStorage({ kind: 's3', ...s3.config });
});

afterAll(async () => {
  s3Client?.destroy();
  await s3?.stop();
  if (diskRoot) await rm(diskRoot, { recursive: true, force: true });
});

/** Each test its own company, so one test's leftovers never satisfy another's expectations. */
let lastCompany = 100;
const newCompany = () => ++lastCompany;

const readAll = async (stream: Readable) => Buffer.concat(await stream.toArray());
const sourceOf = (bytes: Buffer, chunks = 3) => {
  const step = Math.ceil(bytes.length / chunks);
  return Readable.from(Array.from({ length: chunks }, (_, i) => bytes.subarray(i * step, (i + 1) * step)));
};
/**
 * A client that goes away after `bytes` bytes, as an upload cut off mid-way. The bytes come in pieces of at most
 * 1 MB, as from a socket: one piece of them all would be dropped with the error before S3 saw a part.
 */
const failingSource = (bytes: number) =>
  Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytes; sent += 1024 * 1024) yield randomBytes(Math.min(1024 * 1024, bytes - sent));
      throw new Error('client went away');
    })(),
  );

/** More than one part of an S3 upload (8 MB), so the multipart path is the one taken. */
const SEVERAL_PARTS = 9 * 1024 * 1024;

describe.each(['disk', 's3'] as const)('file storage on %s', (kind) => {
  const storage = () => storages[kind];

  it('saves a stream under a new key and opens it whole, with its size', async () => {
    const company = newCompany();
    const bytes = randomBytes(1000);
    const saved = await storage().save(company, sourceOf(bytes));
    expect(saved).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/), size: 1000 });
    const opened = await storage().open(company, saved.key);
    expect(opened?.size).toBe(1000);
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
    expect(await storage().size(company, saved.key)).toBe(1000);
    expect(await storage().list(company)).toEqual([saved.key]);
    const again = await storage().save(company, sourceOf(bytes));
    expect(again.key).not.toBe(saved.key);
  });

  it('opens an inclusive byte range, telling the whole size', async () => {
    const company = newCompany();
    const bytes = randomBytes(100);
    const { key } = await storage().save(company, sourceOf(bytes));
    for (const range of [
      { start: 10, end: 19 },
      { start: 50, end: 50 },
      { start: 95, end: 99 },
    ]) {
      const part = await storage().open(company, key, range);
      expect(part?.size, JSON.stringify(range)).toBe(100);
      expect((await readAll(part!.stream)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    }
  });

  it('keeps a file of several upload parts whole, in order', async () => {
    const company = newCompany();
    const bytes = randomBytes(SEVERAL_PARTS);
    const saved = await storage().save(company, sourceOf(bytes, 7));
    expect(saved.size).toBe(SEVERAL_PARTS);
    expect((await readAll((await storage().open(company, saved.key))!.stream)).equals(bytes)).toBe(true);
    const across = { start: 8 * 1024 * 1024 - 5, end: 8 * 1024 * 1024 + 4 };
    const part = await storage().open(company, saved.key, across);
    expect((await readAll(part!.stream)).equals(bytes.subarray(across.start, across.end + 1))).toBe(true);
  });

  it('answers null for a key it does not hold', async () => {
    const company = newCompany();
    expect(await storage().open(company, newFileKey())).toBeNull();
    expect(await storage().open(company, newFileKey(), { start: 0, end: 9 })).toBeNull();
    expect(await storage().size(company, newFileKey())).toBeNull();
    expect(await storage().list(company)).toEqual([]);
  });

  it('removes bytes, and a second removal or a missing key is no error', async () => {
    const company = newCompany();
    const gone = await storage().save(company, sourceOf(Buffer.from('gone')));
    const kept = await storage().save(company, sourceOf(Buffer.from('kept')));
    await storage().remove(company, [gone.key, newFileKey()]);
    await storage().remove(company, [gone.key]);
    await storage().remove(company, []);
    expect(await storage().open(company, gone.key)).toBeNull();
    expect(await storage().size(company, gone.key)).toBeNull();
    expect((await readAll((await storage().open(company, kept.key))!.stream)).toString()).toBe('kept');
    expect(await storage().list(company)).toEqual([kept.key]);
  });

  it("keeps two companies apart: one's key finds nothing in the other's, nor removes anything there", async () => {
    const [owner, stranger] = [newCompany(), newCompany()];
    const { key } = await storage().save(owner, sourceOf(Buffer.from('private')));
    expect(await storage().open(stranger, key)).toBeNull();
    expect(await storage().size(stranger, key)).toBeNull();
    await storage().remove(stranger, [key]);
    expect(await storage().list(stranger)).toEqual([]);
    expect(await storage().list(owner)).toEqual([key]);
    expect(await storage().size(owner, key)).toBe(7);
  });

  it.each([
    ['within the first part', 1000],
    ['after a whole upload part', SEVERAL_PARTS],
  ])('leaves nothing when the source fails %s', async (_, bytes) => {
    const company = newCompany();
    await expect(storage().save(company, failingSource(bytes))).rejects.toThrow('client went away');
    expect(await storage().list(company)).toEqual([]);
  });

  it('refuses a location that is not a company id and a key it made', async () => {
    const key = newFileKey();
    for (const company of [0, -1, 1.5, Number.NaN]) {
      await expect(storage().save(company, sourceOf(Buffer.from('x'))), String(company)).rejects.toThrow(
        /invalid location/,
      );
      await expect(storage().open(company, key)).rejects.toThrow(/invalid location/);
      await expect(storage().list(company)).rejects.toThrow(/invalid location/);
    }
    for (const bad of ['../1/x', `${key}/..`, key.toUpperCase(), '', `../../${key}`]) {
      await expect(storage().open(1, bad), bad).rejects.toThrow(/invalid location/);
      await expect(storage().size(1, bad)).rejects.toThrow(/invalid location/);
      await expect(storage().remove(1, [key, bad])).rejects.toThrow(/invalid location/);
    }
  });

  it("keeps a folder's key space apart from the company's own files", async () => {
    const company = newCompany();
    const pictures = storage().within('pictures');
    const { key } = await pictures.save(company, sourceOf(Buffer.from('picture')));
    expect(await storage().open(company, key)).toBeNull();
    expect(await storage().list(company)).toEqual([]);
    expect(await pictures.list(company)).toEqual([key]);
    expect(await pictures.size(company, key)).toBe(7);
    for (const bad of ['../x', '12', '', 'a/b', 'Pictures']) expect(() => storage().within(bad), bad).toThrow();
  });
});

describe('each storage on its own', () => {
  const objectNames = async (prefix = '') =>
    ((await s3Client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket, Prefix: prefix }))).Contents ?? []).map(
      (object) => object.Key,
    );

  it('names an object <company_id>/<key>, a folder’s <folder>/<company_id>/<key>, after the prefix', async () => {
    const company = newCompany();
    const { key } = await storages.s3.save(company, sourceOf(Buffer.from('a')));
    const picture = await storages.s3.within('covers').save(company, sourceOf(Buffer.from('b')));
    expect(await objectNames(`${company}/`)).toEqual([`${company}/${key}`]);
    expect(await objectNames(`covers/${company}/`)).toEqual([`covers/${company}/${picture.key}`]);

    const prefixed = await openFileStorage({ kind: 's3', ...s3.config, prefix: 'crm/prod/' });
    const inPrefix = await prefixed.save(company, sourceOf(Buffer.from('c')));
    expect(await objectNames('crm/')).toEqual([`crm/prod/${company}/${inPrefix.key}`]);
    expect(await storages.s3.open(company, inPrefix.key)).toBeNull();
  });

  it('keeps a file on disk at <root>/<company_id>/<key>, and no partial file after a failure', async () => {
    const company = newCompany();
    const { key } = await storages.disk.save(company, sourceOf(Buffer.from('a')));
    expect(existsSync(join(diskRoot, String(company), key))).toBe(true);
    await expect(storages.disk.save(company, failingSource(10))).rejects.toThrow();
    expect(await storages.disk.list(company)).toEqual([key]);
  });

  it('never hands on bytes other than the range asked for', async () => {
    const company = newCompany();
    const bytes = randomBytes(10);
    const { key } = await storages.s3.save(company, sourceOf(bytes));
    // s3rver 3.7 answers `bytes=0-0` with the whole object (it reads an end of 0 as none): a server that ignores a
    // range must make the read fail, never pass ten bytes off as the first one.
    const first = await storages.s3.open(company, key, { start: 0, end: 0 }).then(
      async (part) => readAll(part!.stream),
      (err: Error) => err,
    );
    if (first instanceof Error) expect(first.message).toMatch(/without the bytes asked for/);
    else expect(first.equals(bytes.subarray(0, 1))).toBe(true);
  });

  it("gives up a save that S3 refuses, with S3's reason, and ends the source, not leaving it waiting", async () => {
    const refusing = new S3FileStorage(s3Client, 'no-such-bucket');
    // A client still sending: without the save ending it, the source would wait for a reader and the save never end.
    const endless = Readable.from(
      (async function* () {
        for (;;) yield Buffer.alloc(64 * 1024);
      })(),
    );
    await expect(refusing.save(newCompany(), endless)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(endless.destroyed).toBe(true);
  }, 10_000);

  it('refuses at start a bucket that is not there, saying which', async () => {
    await expect(openFileStorage({ kind: 's3', ...s3.config, bucket: 'no-such-bucket' })).rejects.toThrow(
      /S3 bucket "no-such-bucket" cannot be used \(HTTP 404/,
    );
  });
});
