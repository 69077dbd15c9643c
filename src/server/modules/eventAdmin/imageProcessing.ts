import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_SIZES,
  STUDIO_EVENT_LIMITS,
  STUDIO_EVENT_MESSAGES,
  type ImageKind,
} from '../../../shared/contract/studioEvents';
import { Invalid } from '../../platform/domainErrors';

/** The formats accepted, as sharp detects them from the bytes (never from the Content-Type header). */
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export type ProcessedSize = {
  sizeName: string;
  name: string;
  width: number;
  height: number;
  contentType: 'image/jpeg';
  bytes: Buffer;
};

/** sharp's refusal of an image whose header declares more pixels than `limitInputPixels`. */
const overPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/** SVG (or HTML) sent as anything: text that starts with a tag. Checked before sharp, which reads SVG. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

/**
 * The format an upload's first bytes announce (JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP
 * RIFF….WEBP), or null. Checked before sharp sees the bytes, so libvips never parses TIFF, GIF, HEIF,
 * SVG or any other format it knows (each a parser more to trust with an organizer's file).
 */
export function uploadFormat(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Checks an upload by its content and makes the sizes the storefront shows. Refused (Invalid, with
 * a sentence) before anything is decoded: empty, SVG or other markup, a format other than JPEG, PNG
 * or WebP (by its first bytes, before sharp reads any), more pixels than the limit (read from the
 * header, so a decompression bomb — a small file declaring a huge picture — is never expanded).
 * Each size is cropped to its frame, turned upright by its EXIF orientation, re-encoded as JPEG
 * with every metadata field dropped (sharp keeps none unless asked: no GPS position or camera
 * serial leaves the organizer's file). Names are the upload's content hash and the size, so one
 * name always means one picture (served as immutable).
 */
export async function processUpload(bytes: Buffer, kind: ImageKind): Promise<ProcessedSize[]> {
  if (bytes.length === 0) throw new Invalid(STUDIO_EVENT_MESSAGES.imageEmpty);
  if (bytes.length > STUDIO_EVENT_LIMITS.imageBytes) throw new Invalid(STUDIO_EVENT_MESSAGES.imageTooLarge);
  if (looksLikeMarkup(bytes)) throw new Invalid(STUDIO_EVENT_MESSAGES.imageSvg);
  const announced = uploadFormat(bytes);
  if (!announced) throw new Invalid(STUDIO_EVENT_MESSAGES.imageType);
  const limitInputPixels = STUDIO_EVENT_LIMITS.imagePixels;
  let meta: Metadata;
  try {
    // Reads the header only; sharp refuses here already when the header declares too many pixels.
    meta = await sharp(bytes, { limitInputPixels }).metadata();
  } catch (error) {
    throw new Invalid(
      overPixelLimit(error) ? STUDIO_EVENT_MESSAGES.imageTooManyPixels : STUDIO_EVENT_MESSAGES.imageType,
    );
  }
  if (meta.format === 'svg') throw new Invalid(STUDIO_EVENT_MESSAGES.imageSvg);
  if (!meta.format || !ACCEPTED.has(meta.format) || meta.format !== announced)
    throw new Invalid(STUDIO_EVENT_MESSAGES.imageType);
  if (!meta.width || !meta.height || meta.width * meta.height > limitInputPixels)
    throw new Invalid(STUDIO_EVENT_MESSAGES.imageTooManyPixels);

  const hash = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32);
  const out: ProcessedSize[] = [];
  for (const size of IMAGE_SIZES[kind]) {
    let encoded: Buffer;
    try {
      // limitInputPixels again at decode: the header was read above, this guards the decoder itself.
      // failOn 'error': a truncated or corrupt file is refused rather than half-drawn.
      encoded = await sharp(bytes, { limitInputPixels, failOn: 'error' })
        .rotate()
        .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#000000' })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
    } catch (error) {
      if (overPixelLimit(error)) throw new Invalid(STUDIO_EVENT_MESSAGES.imageTooManyPixels);
      throw new Invalid(STUDIO_EVENT_MESSAGES.imageType);
    }
    out.push({
      sizeName: size.name,
      name: `${hash}-${size.width}x${size.height}.jpg`,
      width: size.width,
      height: size.height,
      contentType: 'image/jpeg',
      bytes: encoded,
    });
  }
  return out;
}
