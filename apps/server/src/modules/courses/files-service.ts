import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import {
  allowedFileType,
  COURSE_UPLOADS_FOLDER,
  type CourseFile,
  type ErrorCode,
  FILE_MAX_BYTES,
  type Folder,
  type FolderCreate,
  type FolderRename,
  type GenericUploadQuery,
} from '@crm/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { courseFiles, courseFolders } from '../../db/schema/index.js';
import type { Actor } from '../../platform/actor.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/files.js';
import { recordHistory } from '../../platform/history.js';
import { assertCourse } from './service.js';

const folderColumns = { id: courseFolders.id, course_id: courseFolders.courseId, name: courseFolders.name };
const fileColumns = {
  id: courseFiles.id,
  folder_id: courseFiles.folderId,
  name: courseFiles.name,
  mime_type: courseFiles.mimeType,
  size: courseFiles.size,
  createdAt: courseFiles.createdAt,
};
type FolderRow = Omit<Folder, 'files'>;

const folderOf = (actor: Actor, id: number) =>
  and(eq(courseFolders.companyId, actor.companyId), eq(courseFolders.id, id));
const fileOf = (actor: Actor, id: number) => and(eq(courseFiles.companyId, actor.companyId), eq(courseFiles.id, id));

async function withFiles(tx: Tx, actor: Actor, folders: FolderRow[]): Promise<Folder[]> {
  if (!folders.length) return [];
  const rows = await tx
    .select(fileColumns)
    .from(courseFiles)
    .where(
      and(
        eq(courseFiles.companyId, actor.companyId),
        inArray(
          courseFiles.folderId,
          folders.map((f) => f.id),
        ),
      ),
    )
    .orderBy(asc(courseFiles.name), asc(courseFiles.id));
  const files = rows.map(({ createdAt, ...file }): CourseFile => ({ ...file, created_at: createdAt.toISOString() }));
  return folders.map((folder) => ({ ...folder, files: files.filter((f) => f.folder_id === folder.id) }));
}

async function findFolder(tx: Tx, actor: Actor, id: number, lock = false): Promise<FolderRow> {
  const query = tx.select(folderColumns).from(courseFolders).where(folderOf(actor, id));
  const [folder] = lock ? await query.for('update') : await query;
  if (!folder) throw notFound();
  return folder;
}

/** GET /folder?course_id: the course's folders, each with its files. */
export async function listFolders(tx: Tx, actor: Actor, courseId: number): Promise<Folder[]> {
  await assertCourse(tx, actor, courseId);
  const folders = await tx
    .select(folderColumns)
    .from(courseFolders)
    .where(and(eq(courseFolders.companyId, actor.companyId), eq(courseFolders.courseId, courseId)))
    .orderBy(asc(courseFolders.name), asc(courseFolders.id));
  return withFiles(tx, actor, folders);
}

export async function getFolder(tx: Tx, actor: Actor, id: number): Promise<Folder> {
  const [folder] = await withFiles(tx, actor, [await findFolder(tx, actor, id)]);
  return folder!;
}

export async function createFolder(tx: Tx, actor: Actor, input: FolderCreate): Promise<Folder> {
  await assertCourse(tx, actor, input.course_id);
  const [folder] = await tx
    .insert(courseFolders)
    .values({ companyId: actor.companyId, courseId: input.course_id, name: input.name })
    .returning(folderColumns);
  if (!folder) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'courseFolderChanged',
    entity: 'course',
    entityId: folder.course_id,
    data: { action: 'created', folder_id: folder.id, name: folder.name },
  });
  return { ...folder, files: [] };
}

export async function renameFolder(tx: Tx, actor: Actor, id: number, input: FolderRename): Promise<Folder> {
  const before = await findFolder(tx, actor, id, true);
  await tx.update(courseFolders).set({ name: input.name }).where(folderOf(actor, id));
  await recordHistory(tx, actor, {
    event: 'courseFolderChanged',
    entity: 'course',
    entityId: before.course_id,
    data: { action: 'renamed', folder_id: id, before: { name: before.name }, after: { name: input.name } },
  });
  return getFolder(tx, actor, id);
}

/** Deletes the folder and its files; returns the storage keys to remove after commit. */
export async function deleteFolder(tx: Tx, actor: Actor, id: number): Promise<string[]> {
  const folder = await findFolder(tx, actor, id, true);
  const files = await tx
    .select({ key: courseFiles.storageKey })
    .from(courseFiles)
    .where(and(eq(courseFiles.companyId, actor.companyId), eq(courseFiles.folderId, id)));
  await tx.delete(courseFolders).where(folderOf(actor, id));
  await recordHistory(tx, actor, {
    event: 'courseFolderChanged',
    entity: 'course',
    entityId: folder.course_id,
    data: { action: 'deleted', folder_id: id, name: folder.name, files: files.length },
  });
  return files.map((f) => f.key);
}

/** An upload part as @fastify/multipart hands it over. */
export interface UploadPart {
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

export interface StoredUpload {
  key: string;
  size: number;
  name: string;
  mimeType: string;
}

/** The name shown and offered on download: no path a browser may have sent, no control characters. */
const displayName = (fileName: string) =>
  basename(fileName.replaceAll('\\', '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim()
    .slice(-255) || 'file';

/** What an upload may be: its content type by name and declared type (null: refused), and its size. */
export interface UploadLimits {
  typeOf: (name: string, declaredType: string | undefined) => string | null;
  maxBytes: number;
  /** The error code of a refused type. */
  refusal: ErrorCode;
}

export const COURSE_FILE_LIMITS: UploadLimits = {
  typeOf: allowedFileType,
  maxBytes: FILE_MAX_BYTES,
  refusal: 'file_type_not_allowed',
};

/**
 * Checks the type (extension and declared content type, before a byte is written) and the size (while
 * streaming to storage, so a large upload never lands whole). Runs outside any transaction: the database
 * connection is not held while bytes arrive.
 */
export async function storeUpload(
  storage: FileStorage,
  companyId: number,
  part: UploadPart | undefined,
  limits: UploadLimits = COURSE_FILE_LIMITS,
): Promise<StoredUpload> {
  if (!part) {
    throw new AppError(400, 'validation_failed', [{ field: 'file', rule: 'required', message: 'file is required' }]);
  }
  const name = displayName(part.filename);
  const mimeType = limits.typeOf(name, part.mimetype);
  if (!mimeType) {
    part.file.resume(); // drain the refused part so the request completes
    throw new AppError(415, limits.refusal, { name, type: part.mimetype });
  }
  const stored = await storage.save(companyId, part.file);
  if (part.file.truncated || stored.size > limits.maxBytes) {
    await storage.remove(companyId, [stored.key]);
    throw new AppError(413, 'file_too_large', { limit: limits.maxBytes });
  }
  return { ...stored, name, mimeType };
}

/** Describes stored bytes in the folder; the caller removes the bytes if this throws. */
export async function recordUploadedFile(
  tx: Tx,
  actor: Actor,
  folderId: number,
  upload: StoredUpload,
): Promise<CourseFile> {
  const folder = await findFolder(tx, actor, folderId, true);
  const [file] = await tx
    .insert(courseFiles)
    .values({
      companyId: actor.companyId,
      folderId,
      name: upload.name,
      mimeType: upload.mimeType,
      size: upload.size,
      storageKey: upload.key,
      uploadedBy: actor.id,
    })
    .returning(fileColumns);
  if (!file) throw new Error('insert returned no row');
  await recordHistory(tx, actor, {
    event: 'courseFileUploaded',
    entity: 'course',
    entityId: folder.course_id,
    data: { file_id: file.id, folder_id: folderId, name: file.name, size: file.size },
  });
  const { createdAt, ...rest } = file;
  return { ...rest, created_at: createdAt.toISOString() };
}

/**
 * A course folder the product files uploads in by name (contracts COURSE_UPLOADS_FOLDER, COURSE_VIDEOS_FOLDER),
 * made on its first upload. The course row is locked before making it, so two first uploads at once end with
 * one folder.
 */
export async function namedFolder(tx: Tx, actor: Actor, courseId: number, name: string): Promise<number> {
  const find = () =>
    tx
      .select({ id: courseFolders.id })
      .from(courseFolders)
      .where(
        and(
          eq(courseFolders.companyId, actor.companyId),
          eq(courseFolders.courseId, courseId),
          eq(courseFolders.name, name),
        ),
      )
      .orderBy(asc(courseFolders.id))
      .limit(1);
  const [found] = await find();
  if (found) return found.id;
  await assertCourse(tx, actor, courseId, true);
  const [madeMeanwhile] = await find();
  if (madeMeanwhile) return madeMeanwhile.id;
  return (await createFolder(tx, actor, { course_id: courseId, name })).id;
}

/**
 * POST /file/upload: stored bytes described in the folder named, or in the course's Uploads folder when only
 * the course is named; the caller removes the bytes if this throws.
 */
export async function recordGenericUpload(
  tx: Tx,
  actor: Actor,
  target: GenericUploadQuery,
  upload: StoredUpload,
): Promise<CourseFile & { course_id: number }> {
  const folderId =
    target.folder_id ?? (await namedFolder(tx, actor, target.course_id as number, COURSE_UPLOADS_FOLDER));
  const file = await recordUploadedFile(tx, actor, folderId, upload);
  return { ...file, course_id: (await findFolder(tx, actor, folderId)).course_id };
}

export interface StoredFile {
  name: string;
  mimeType: string;
  key: string;
}

export async function findFile(tx: Tx, actor: Actor, id: number): Promise<StoredFile> {
  const [file] = await tx
    .select({ name: courseFiles.name, mimeType: courseFiles.mimeType, key: courseFiles.storageKey })
    .from(courseFiles)
    .where(fileOf(actor, id));
  if (!file) throw notFound();
  return file;
}

/** Deletes the row; returns the storage key to remove after commit. */
export async function deleteFile(tx: Tx, actor: Actor, id: number): Promise<string> {
  const [file] = await tx
    .select({ name: courseFiles.name, key: courseFiles.storageKey, folderId: courseFiles.folderId })
    .from(courseFiles)
    .where(fileOf(actor, id))
    .for('update');
  if (!file) throw notFound();
  const folder = await findFolder(tx, actor, file.folderId);
  await tx.delete(courseFiles).where(fileOf(actor, id));
  await recordHistory(tx, actor, {
    event: 'courseFileDeleted',
    entity: 'course',
    entityId: folder.course_id,
    data: { file_id: id, folder_id: file.folderId, name: file.name },
  });
  return file.key;
}

/** RFC 6266: an ASCII fallback and the real name in UTF-8, so Cyrillic and Uzbek names survive. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
