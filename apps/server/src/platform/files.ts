import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live: local disk or an S3-compatible bucket (platform/open-file-storage.ts). */
    files: FileStorage;
  }
}

/** An inclusive byte range, as HTTP's Range header names one; it lies within the stored bytes. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Uploaded bytes of a company, under a random key. A client's file name never becomes a key or a path; the
 * database row keeps the name for downloads. The bytes are only ever served through the API, with the reader's
 * rights checked there (a route, or a media link made after the check): no storage hands out addresses of its
 * own. Two implementations behave alike (the same contract tests run over both, file-storage.test.ts):
 * DiskFileStorage (the embedded default) and S3FileStorage (several servers, docs/decisions/0038).
 */
export interface FileStorage {
  /** Writes a stream under a new key. A half-written file never appears under its key (nor in `list`). */
  save(companyId: number, source: Readable): Promise<{ key: string; size: number }>;
  /** The stored bytes (or the range of them), with the whole file's size; null when they are gone. */
  open(companyId: number, key: string, range?: ByteRange): Promise<{ stream: Readable; size: number } | null>;
  /** The stored bytes' size, null when they are gone: a range needs it first, an existence check needs no bytes. */
  size(companyId: number, key: string): Promise<number | null>;
  /** Removes bytes; already missing ones are fine (a retried delete). */
  remove(companyId: number, keys: readonly string[]): Promise<void>;
  /** Every key stored for the company, a leftover of an unfinished write included (audits and tests). */
  list(companyId: number): Promise<string[]>;
  /**
   * The same storage with a separate key space named `folder` (`<folder>/<company_id>/<key>`), for bytes served
   * under other rules (platform/public-pictures.ts): a key of one space never finds bytes of another.
   */
  within(folder: string): FileStorage;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;
const FOLDER_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** A fresh key: random, so it reveals nothing and cannot be guessed from another. */
export const newFileKey = () => randomBytes(16).toString('hex');

/**
 * Refuses a location that is not a company id and a key this storage made, before it reaches a path or an object
 * name (a `../` or another company's folder must never be reachable through a key).
 */
export function checkLocation(companyId: number, key?: string): void {
  if (!Number.isSafeInteger(companyId) || companyId <= 0 || (key !== undefined && !KEY_PATTERN.test(key))) {
    throw new Error(`FileStorage: invalid location ${companyId}/${key ?? ''}`);
  }
}

/** Refuses a folder name that could climb out of the storage or collide with a company's (numeric) folder. */
export function checkFolder(folder: string): void {
  if (!FOLDER_PATTERN.test(folder) || /^\d+$/.test(folder)) throw new Error(`FileStorage: invalid folder ${folder}`);
}

/**
 * The request's one uploaded file (cut at `maxBytes` if given: the part reads as truncated), or undefined when it carries none. A multipart body that cannot be
 * read (no boundary, cut short) is the client's mistake: 400 bad_request, not the parser's bare error.
 */
export async function firstUploadedFile(req: FastifyRequest, maxBytes?: number): Promise<MultipartFile | undefined> {
  if (!req.isMultipart()) return undefined;
  try {
    // A route's own limit, below the plugin's, stops a too large file while it streams in.
    return await req.file(maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } });
  } catch (error) {
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode) throw error;
    throw new AppError(400, 'bad_request');
  }
}
