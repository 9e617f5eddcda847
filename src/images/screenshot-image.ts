import sharp from 'sharp';

/**
 * Screenshots as we keep them: every upload decoded (never served as sent), turned upright,
 * metadata (EXIF, GPS, ICC comments) dropped, fitted into MAX_SIDE and stored as one WebP master;
 * the sizes pages show are made from the master (AVIF and WebP) when first asked for.
 */

/** Decoded pixels an upload may have: refuses decompression bombs (a small PNG of 30,000 × 30,000). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The master fits in this square: 1920 covers a full-width gallery view on a 2× screen. */
const MAX_SIDE = 1920;
/** Smaller than this on a side is no screenshot (a tracking pixel, an icon). */
export const MIN_SIDE = 100;

/** What sharp reads that a screenshot may be sent as; SVG is refused (it could carry script). */
const FORMATS: Record<string, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', gif: 'GIF', heif: 'AVIF' };
export const SCREENSHOT_FORMATS = 'PNG, JPEG, WebP, AVIF or GIF';

/** Why bytes cannot be a screenshot, in words for the person who sent them. */
export class ScreenshotError extends Error {}

export interface ScreenshotMaster {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Decodes an uploaded or fetched image and redraws it as our master copy (see above). */
export async function toScreenshotMaster(bytes: Buffer): Promise<ScreenshotMaster> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch (err) {
    throw new ScreenshotError(`is not a readable image (${(err as Error).message})`);
  }
  const format = meta.format ?? 'unknown';
  // heif holds AVIF and HEIC; only AV1 (AVIF) is an image format browsers read.
  if (!FORMATS[format] || (format === 'heif' && meta.compression !== 'av1'))
    throw new ScreenshotError(`is ${format === 'heif' ? 'HEIC' : format.toUpperCase()}: send ${SCREENSHOT_FORMATS}`);
  const { width = 0, height = 0 } = meta;
  // Checked from the header, before a single pixel is decoded.
  if (width * height > MAX_INPUT_PIXELS)
    throw new ScreenshotError(`has ${width} × ${height} pixels, more than ${MAX_INPUT_PIXELS / 1_000_000} million`);
  if (width < MIN_SIDE || height < MIN_SIDE)
    throw new ScreenshotError(`is ${width} × ${height} pixels: at least ${MIN_SIDE} on each side`);
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, effort: 2 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, width: out.info.width, height: out.info.height };
  } catch (err) {
    throw new ScreenshotError(`could not be decoded (${(err as Error).message})`);
  }
}

export type RenditionFormat = 'avif' | 'webp';

/** One size of a master, `width` pixels wide, for a page's srcset. */
export async function screenshotRendition(master: Buffer, width: number, format: RenditionFormat): Promise<Buffer> {
  const resized = sharp(master).resize({ width, withoutEnlargement: true });
  // AVIF at effort 2: a quarter of the default's time for a file a tenth larger.
  return (format === 'avif' ? resized.avif({ quality: 55, effort: 2 }) : resized.webp({ quality: 82 })).toBuffer();
}
