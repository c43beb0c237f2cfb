import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { firstUploadedFile } from './files.js';

/**
 * Spreadsheets over HTTP: the one-file upload of an import and the xlsx download of a sample or an export.
 * Used by the students and the leads imports (run as jobs: modules/jobs/import-job.ts).
 */

/** An import file stays far below this: 10,000 rows of either sample are ~0.5 MB as xlsx, ~3 MB as xls. */
const UPLOAD_LIMIT = 8 * 1024 * 1024;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Multipart is parsed only by the registering module's routes (encapsulated), one file per request. */
export const acceptSpreadsheetUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5 } });

/** The uploaded file's bytes: 400 import_file_invalid without one, 413 file_too_large over the limit. */
export async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
  const file = await firstUploadedFile(req);
  if (!file) throw new AppError(400, 'import_file_invalid');
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large');
    throw error;
  }
}

/** An xlsx as a download named `name`, never cached (it holds the company's data). */
export const sendXlsx = (reply: FastifyReply, buffer: Buffer, name: string) =>
  reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(buffer);
