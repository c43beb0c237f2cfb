import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';

/** The import tests' spreadsheets: a file made from rows, and a browser's upload of it. */

/** An xlsx whose first sheet holds `rows` (row 1 as given: a header or data). */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A browser's multipart upload of one file in the field "file"; answers the status and the JSON body. */
export async function uploadSpreadsheet(
  app: FastifyInstance,
  o: { url: string; sub: string; token: string; file: Buffer; filename?: string },
) {
  const boundary = `----crm${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${o.filename ?? 'list.xlsx'}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    o.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: o.url,
    headers: {
      host: `${o.sub}.localhost`,
      authorization: `Bearer ${o.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}
