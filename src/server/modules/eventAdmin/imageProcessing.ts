import crypto from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import {
  IMAGE_SIZES,
  STUDIO_EVENT_LIMITS,
  STUDIO_EVENT_MESSAGES,
  type ImageKind,
} from '../../../shared/contract/studioEvents';
import { Invalid } from '../../platform/errors';

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
 * Checks an upload by its content and makes the sizes the storefront shows. Refused (Invalid, with
 * a sentence) before anything is decoded: empty, SVG or other markup, a format other than JPEG, PNG
 * or WebP, more pixels than the limit (read from the header, so a decompression bomb — a small file
 * declaring a huge picture — is never expanded). Each size is cropped to its frame, turned upright
 * by its EXIF orientation, re-encoded as JPEG with every metadata field dropped (sharp keeps none
 * unless asked: no GPS position or camera serial leaves the organizer's file). Names are the
 * upload's content hash and the size, so one name always means one picture (served as immutable).
 */
export async function processUpload(bytes: Buffer, kind: ImageKind): Promise<ProcessedSize[]> {
  if (bytes.length === 0) throw new Invalid(STUDIO_EVENT_MESSAGES.imageEmpty);
  if (bytes.length > STUDIO_EVENT_LIMITS.imageBytes) throw new Invalid(STUDIO_EVENT_MESSAGES.imageTooLarge);
  if (looksLikeMarkup(bytes)) throw new Invalid(STUDIO_EVENT_MESSAGES.imageSvg);
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
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new Invalid(STUDIO_EVENT_MESSAGES.imageType);
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
