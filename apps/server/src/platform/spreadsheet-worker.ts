import { parentPort, workerData } from 'node:worker_threads';
import { read, utils } from '@e965/xlsx';

/**
 * Parses one uploaded workbook in a worker thread (spreadsheet-parse.ts starts it with a memory cap):
 * SheetJS's inflating and cell reading is CPU work of seconds for a large file, and a crafted file can ask
 * for gigabytes — here it can only end this worker, never stall or exhaust the server.
 */
const bytes = Buffer.from(workerData as Uint8Array);
try {
  const workbook = read(bytes, { type: 'buffer', dense: true, cellDates: false, cellHTML: false });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet) throw new Error('no sheet');
  const matrix = utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  parentPort?.postMessage({ ok: true, matrix });
} catch {
  parentPort?.postMessage({ ok: false });
}
