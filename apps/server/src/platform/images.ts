import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError } from './errors.js';

/**
 * Pictures people upload (a centre's logo and backgrounds): checked by their bytes, never by the type or name
 * the client sent, then re-encoded by sharp. Re-encoding is the safety: what we store and serve is a fresh PNG
 * or JPEG we wrote, without the upload's metadata (a phone's GPS position, its camera) and without anything a
 * crafted file hid after its picture.
 */

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** libvips' own cache holds decoded pictures for reuse; a server re-encodes each upload once. */
sharp.cache(false);

/** A decompression bomb is small on the wire and huge in memory: 50 megapixels is more than any phone takes. */
const MAX_INPUT_PIXELS = 50_000_000;

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** How many first bytes sniffImageKind needs to decide. */
export const SNIFF_BYTES = 12;

/** The kind of picture the first bytes announce (their magic numbers), or null for anything else. */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'webp';
  return null;
}

export const imageTypeRefused = () => new AppError(415, 'image_type_refused');

/**
 * Reads an uploaded picture into memory. It is refused (and the rest of the upload drained without keeping
 * it) as soon as its first bytes are not a PNG, JPEG or WebP, and when it passes `maxBytes` — which the
 * multipart parser already enforces by cutting the stream (`truncated`), so no more than that is ever held.
 */
export async function readUploadedImage(
  stream: Readable & { truncated?: boolean },
  maxBytes: number,
): Promise<{ bytes: Buffer; kind: ImageKind }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let kind: ImageKind | null = null;
  let refusal: AppError | null = null;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (refusal) continue; // draining: the request must be read to its end before the answer
    chunks.push(chunk);
    size += chunk.length;
    if (!kind && size >= SNIFF_BYTES) {
      kind = sniffImageKind(Buffer.concat(chunks));
      if (!kind) refusal = imageTypeRefused();
    }
    if (size > maxBytes) refusal = new AppError(413, 'image_too_large', { limit: maxBytes });
    if (refusal) chunks.length = 0;
  }
  if (refusal) throw refusal;
  if (stream.truncated) throw new AppError(413, 'image_too_large', { limit: maxBytes });
  if (!kind) throw imageTypeRefused(); // shorter than any picture's header
  return { bytes: Buffer.concat(chunks, size), kind };
}

export interface PictureBox {
  /** The largest width and height of the result; smaller pictures are not enlarged. */
  maxPixels: number;
  /** png keeps a logo's transparency; jpeg makes a photograph small. */
  format: 'png' | 'jpeg';
  /** Cut to exactly this size instead, covering it around what draws the eye (a form's header strip). */
  exact?: { width: number; height: number };
}

export interface ResizedPicture {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
  /** The upload's own shape differed from `exact` (more than 2 %), so part of it was cut away. */
  cropped: boolean;
}

/**
 * Turns upright by the picture's own orientation tag (phones store portraits sideways), fits it inside the
 * box and writes it anew without metadata. Bytes that only looked like a picture fail here: image_type_refused.
 */
export async function resizePicture(bytes: Buffer, box: PictureBox): Promise<ResizedPicture> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    const { exact } = box;
    const cropped = exact ? await cutAway(bytes, exact) : false;
    let pipeline = exact
      ? source.resize(exact.width, exact.height, { fit: 'cover', position: sharp.strategy.attention })
      : source.resize(box.maxPixels, box.maxPixels, { fit: 'inside', withoutEnlargement: true });
    pipeline =
      box.format === 'png'
        ? pipeline.png({ compressionLevel: 9 })
        : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: box.format === 'png' ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
      cropped,
    };
  } catch {
    throw imageTypeRefused();
  }
}

/** Whether covering `exact` cuts part of the picture away (its upright shape differs by more than 2 %). */
async function cutAway(bytes: Buffer, exact: { width: number; height: number }): Promise<boolean> {
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const sideways = (meta.orientation ?? 1) >= 5;
  const width = (sideways ? meta.height : meta.width) ?? exact.width;
  const height = (sideways ? meta.width : meta.height) ?? exact.height;
  return Math.abs(width / height / (exact.width / exact.height) - 1) > 0.02;
}
