import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type ByteRange, checkFolder, checkLocation, type FileStorage, newFileKey } from './files.js';

/** Where the bucket is and how to sign in (config.ts reads it from S3_* variables). */
export interface S3StorageConfig {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: MinIO and most self-hosted servers want it. */
  forcePathStyle: boolean;
  /** Put before every object name ('' or ending in '/'), so one bucket can hold several installations. */
  prefix: string;
}

/** At most 1000 keys per DeleteObjects request (the S3 API's limit). */
const DELETE_BATCH = 1000;
/** Parts of 8 MB, two in flight: an upload holds at most ~16 MB in memory, a lesson video included. */
const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_PARTS_IN_FLIGHT = 2;

/** An object (or the bucket) is not there: S3 answers 404, named NoSuchKey for GET and NotFound for HEAD. */
const isMissingObject = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * The whole object's size from a range's answer (`bytes 10-19/1234`), or undefined unless it starts where asked
 * and ends no later: a server that ignored the range would otherwise have the wrong bytes sent as the part.
 */
function sizeFromContentRange(header: string | undefined, asked: ByteRange): number | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '');
  if (!match || Number(match[1]) !== asked.start || Number(match[2]) > asked.end) return undefined;
  return Number(match[3]);
}

export function connectS3(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Since early 2025 the SDK sends CRC checksums (aws-chunked trailers) by default, which several
    // S3-compatible servers refuse; send them only where an operation requires one (decision 0038).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An outside system gets a time limit (ARCHITECTURE.md "Outside systems"). The request limit is the time a
    // socket may stay silent, so a download paused by a slow reader may be cut after it; the player asks again.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
}

/**
 * Uploaded bytes as objects of an S3-compatible bucket: `<prefix><company_id>/<key>` (and
 * `<prefix><folder>/<company_id>/<key>` for `within`). The bucket stays private: every download is streamed
 * through the API, which checks the reader's rights first, so no object address ever reaches a browser.
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix = '',
  ) {}

  private companyPrefix(companyId: number): string {
    checkLocation(companyId);
    return `${this.prefix}${companyId}/`;
  }

  private objectName(companyId: number, key: string): string {
    checkLocation(companyId, key);
    return `${this.prefix}${companyId}/${key}`;
  }

  /** Fails with a sentence an operator can act on when the bucket cannot be reached with these credentials. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as S3ServiceException).$metadata?.httpStatusCode;
      const reason = status ? `HTTP ${status} ${(err as Error).name}` : (err as Error).message;
      throw new Error(`File storage: the S3 bucket "${this.bucket}" cannot be used (${reason})`, { cause: err });
    }
  }

  /**
   * Streams the bytes up in parts (lib-storage's Upload; one PutObject when they fit in a part). An object
   * appears only when the upload completes, so a source that fails leaves none: Upload aborts the parts sent.
   */
  async save(companyId: number, source: Readable): Promise<{ key: string; size: number }> {
    const key = newFileKey();
    const name = this.objectName(companyId, key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // Whose failure it was: the source's own error (a client gone mid-upload) comes while the pipe is whole;
    // when S3 fails first, Upload ends its reading and the pipe then ends the source with that ending's error.
    let sourceFailure: unknown;
    source.once('error', (err) => {
      if (!counted.destroyed) sourceFailure = err;
    });
    const piped = pipeline(source, counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: name, Body: counted },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_PARTS_IN_FLIGHT,
    });
    const uploaded = upload.done().catch((err: unknown) => {
      // A refused upload must end the source too, or it would wait for a reader for ever (Upload stops reading).
      counted.destroy(err as Error);
      throw err;
    });
    const [readOutcome, uploadOutcome] = await Promise.allSettled([piped, uploaded]);
    if (sourceFailure !== undefined) throw sourceFailure;
    if (uploadOutcome.status === 'rejected') throw uploadOutcome.reason;
    if (readOutcome.status === 'rejected') throw readOutcome.reason;
    return { key, size };
  }

  async open(companyId: number, key: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.objectName(companyId, key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const size = range ? sizeFromContentRange(answer.ContentRange, range) : answer.ContentLength;
      if (!(answer.Body instanceof Readable) || size === undefined || !Number.isSafeInteger(size)) {
        (answer.Body as Readable | undefined)?.destroy?.();
        throw new Error(
          `File storage: S3 answered ${key} without the bytes asked for (${answer.ContentRange ?? 'whole'})`,
        );
      }
      return { stream: answer.Body, size };
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async size(companyId: number, key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(companyId, key) }),
      );
      if (head.ContentLength === undefined) throw new Error(`File storage: S3 answered ${key} without a size`);
      return head.ContentLength;
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async remove(companyId: number, keys: readonly string[]): Promise<void> {
    const names = keys.map((key) => this.objectName(companyId, key));
    for (let at = 0; at < names.length; at += DELETE_BATCH) {
      const batch = names.slice(at, at + DELETE_BATCH);
      // S3 deletes a missing key without complaint, so a retried delete succeeds.
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors ?? [];
      if (failed.length) {
        throw new Error(`File storage: S3 kept ${failed.length} object(s): ${failed[0]?.Code} ${failed[0]?.Message}`);
      }
    }
  }

  async list(companyId: number): Promise<string[]> {
    const prefix = this.companyPrefix(companyId);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  within(folder: string): FileStorage {
    checkFolder(folder);
    return new S3FileStorage(this.client, this.bucket, `${this.prefix}${folder}/`);
  }
}
