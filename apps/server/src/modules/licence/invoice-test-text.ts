import { inflateSync } from 'node:zlib';

/*
 * Test support: the text of a PDF as pdfkit writes it, read back the way a PDF reader does, so the invoice's
 * tests check the very file a centre downloads (compressed, with embedded fonts). An embedded font's text is
 * glyph numbers, not letters: each font carries a ToUnicode map from those numbers back to characters.
 * Enough of PDF for pdfkit's own output, not a general parser.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function readObjects(pdf: Buffer): Map<string, PdfObject> {
  const objects = new Map<string, PdfObject>();
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const keyword = /stream\r?\n/.exec(body);
    if (!keyword) {
      objects.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, keyword.index);
    // latin1 keeps one character per byte, so string offsets are the file's.
    const bodyAt = match.index! + match[0].length - 'endobj'.length - body.length;
    const start = bodyAt + keyword.index + keyword[0].length;
    const raw = pdf.subarray(start, start + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    objects.set(match[1]!, { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

/** A ToUnicode CMap's `beginbfrange` entries: glyph code → text. */
function readCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const hexText = (hex: string) =>
    String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));
  for (const [, first, , targets] of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
    let code = Number.parseInt(first!, 16);
    // A ligature's entry holds several characters, spaced (`<0066 0069>`): it is one glyph all the same.
    for (const [, hex] of targets!.matchAll(/<([0-9a-f ]+)>/gi)) map.set(code++, hexText(hex!.replace(/ /g, '')));
  }
  return map;
}

/** The PDF's text, one line per text object in drawing order. */
export function pdfText(pdf: Buffer): string {
  const objects = readObjects(pdf);
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const [, name, ref] of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '')?.[1];
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
      if (cmap) fonts.set(name!, readCMap(cmap.toString('latin1')));
    }
  }
  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    const content = stream?.toString('latin1') ?? '';
    if (!content.includes('BT')) continue;
    for (const [, block] of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const font = fonts.get(/\/(F\d+) [\d.]+ Tf/.exec(block!)?.[1] ?? '');
      const codes = [...block!.matchAll(/<([0-9a-f]+)>/gi)].flatMap(([, hex]) => hex!.match(/.{4}/g) ?? []);
      lines.push(codes.map((code) => font?.get(Number.parseInt(code, 16)) ?? '?').join(''));
    }
  }
  return lines.join('\n');
}
