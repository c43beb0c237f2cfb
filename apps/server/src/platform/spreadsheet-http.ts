import { type Access, importQuerySchema } from '@crm/contracts';
import multipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Tx } from '../db/client.js';
import type { Actor } from './actor.js';
import { AppError } from './errors.js';
import { firstUploadedFile } from './files.js';

/**
 * Spreadsheets over HTTP: the one-file upload of an import and the xlsx download of a sample or an export.
 * Used by the students and the leads imports.
 */

/** An import file stays far below this: 10,000 rows of either sample are ~0.5 MB as xlsx, ~3 MB as xls. */
const UPLOAD_LIMIT = 8 * 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Multipart is parsed only by the registering module's routes (encapsulated), one file per request. */
export const acceptSpreadsheetUploads = (app: FastifyInstance) =>
  app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5 } });

/** The uploaded file's bytes: 400 import_file_invalid without one, 413 file_too_large over the limit. */
async function readUploadedFile(req: FastifyRequest): Promise<Buffer> {
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

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface SpreadsheetImport<Row, Result> {
  access: Access;
  tags: string[];
  /** The answer's schema (every refused row with its number and reason). */
  response: ZodType<Result>;
  /** Reads the file's rows (in a worker thread, before the transaction takes a connection). */
  parse: (file: Buffer) => Promise<Row[]>;
  /** The tables the import fills: their planner statistics are refreshed after it (Database.analyze). */
  fills: readonly string[];
  /** Checks and writes the rows into the branch, in the request's transaction. */
  importRows: (tx: Tx, actor: Actor, branchId: number, rows: Row[], startedAt: number) => Promise<Result>;
}

/** POST `path`?branch_id with one .xls or .xlsx file: the students and the leads imports (spec §2, §5). */
export function postSpreadsheetImport<Row, Result>(app: ZodApp, path: string, route: SpreadsheetImport<Row, Result>) {
  // Typed by the caller; Fastify cannot relate a generic answer to its schema.
  const response: ZodType = route.response;
  app.post(
    path,
    {
      config: { access: route.access },
      schema: {
        tags: route.tags,
        description: 'multipart/form-data with one .xls or .xlsx file (field "file").',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: { 200: response },
      },
    },
    async (req) => {
      const startedAt = performance.now();
      const rows = await route.parse(await readUploadedFile(req));
      const result = await req.tenant((tx, actor) => route.importRows(tx, actor, req.query.branch_id, rows, startedAt));
      // Thousands of new rows make yesterday's statistics wrong for every later query of the company.
      await req.server.database.analyze(route.fills);
      return result;
    },
  );
}
