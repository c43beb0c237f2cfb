import { Worker, type WorkerOptions } from 'node:worker_threads';
import { AppError } from './errors.js';

/**
 * Reading an upload's cells off the event loop, within limits (issue 13 §7: a 585 KB upload inflating to
 * 600 MB took the server from 316 MB to 1,253 MB, and four at once held up every request for 9.7 s):
 * - before parsing, every entry of an .xlsx (a zip) is checked against what it says it inflates to;
 * - the parse runs in a worker thread with a heap cap and a time limit, so a file that lies in its
 *   headers ends that worker, not the server, and the server answers other requests meanwhile.
 */

/** No sheet of 10,000 rows comes near this; per entry and for the whole file. */
export const MAX_ENTRY_INFLATED_BYTES = 64 * 1024 * 1024;
export const MAX_TOTAL_INFLATED_BYTES = 128 * 1024 * 1024;
const WORKER_HEAP_MB = 256;
const PARSE_TIME_LIMIT_MS = 30_000;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;

/**
 * Refuses a zip whose entries declare more than the limits once inflated. Reads the central directory at
 * the end of the file (its entries' sizes); a zip without a readable one is not a workbook.
 */
export function assertInflatedSizeWithinLimits(zip: Buffer): void {
  const tooLarge = () => new AppError(413, 'file_too_large', { inflated_limit: MAX_ENTRY_INFLATED_BYTES });
  // The end record is 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new AppError(400, 'import_file_invalid');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY)
      throw new AppError(400, 'import_file_invalid');
    const inflated = zip.readUInt32LE(at + 24);
    // 0xFFFFFFFF: the real size is in a zip64 field; no workbook of ours needs one.
    if (inflated === 0xffffffff || inflated > MAX_ENTRY_INFLATED_BYTES) throw tooLarge();
    total += inflated;
    if (total > MAX_TOTAL_INFLATED_BYTES) throw tooLarge();
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
}

/**
 * The built JavaScript starts as it is; the TypeScript source (development, tests) through a bootstrap that
 * registers tsx in the worker first (a worker does not inherit the parent's loader, and `--import tsx` in
 * its execArgv comes too late for its entry module).
 */
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = new URL(fromSource ? './spreadsheet-worker.ts' : './spreadsheet-worker.js', import.meta.url);
const startWorker = (options: WorkerOptions) =>
  fromSource
    ? new Worker(
        // Resolved from the working directory (the server's package, where `npm run dev` and the tests run).
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerFile.href)}); })`,
        { ...options, eval: true },
      )
    : new Worker(workerFile, options);

/** The first sheet's cells, row by row, parsed in a worker; 400 import_file_invalid when it cannot be read. */
export function parseSheetInWorker(file: Buffer): Promise<unknown[][]> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ workerData: file, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const timer = setTimeout(() => void worker.terminate(), PARSE_TIME_LIMIT_MS);
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    worker.once('message', (message: { ok: boolean; matrix?: unknown[][] }) => {
      settle(() =>
        message.ok && message.matrix ? resolve(message.matrix) : reject(new AppError(400, 'import_file_invalid')),
      );
      void worker.terminate();
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), killed by the time limit, or failed to start.
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError(413, 'file_too_large')
            : new AppError(400, 'import_file_invalid'),
        ),
      ),
    );
    worker.once('exit', () => settle(() => reject(new AppError(400, 'import_file_invalid'))));
  });
}
