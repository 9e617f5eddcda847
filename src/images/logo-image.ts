import sharp from 'sharp';

/** Logos are stored and served as squares of this many pixels (cards show 48 or 72 CSS px; 256 covers 3× screens). */
export const LOGO_SIZE = 256;
/** Decoded pixels a source image may have: refuses decompression bombs (a small PNG of 30,000 × 30,000). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Why a fetched file cannot be a logo (not an image, an unreadable one, one too large). */
export class NotAnImageError extends Error {}

/** Formats a logo may arrive in; anything else (HTML, PDF, JSON…) is refused. */
const RASTER = new Set(['png', 'jpeg', 'webp', 'gif', 'avif', 'heif', 'tiff']);

const looksLikeSvg = (bytes: Buffer) =>
  /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(
    bytes
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );

/**
 * Decodes a remote logo (or a founder's photo) and redraws it as our own file: a LOGO_SIZE square WebP, the image
 * centred on transparency, metadata stripped. SVG logos are rasterised here (a remote SVG is never
 * served as it is: it could carry script or links); animated images keep their first frame.
 */
export async function toLogoWebp(
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number; contentType: 'image/webp' }> {
  const svg = looksLikeSvg(bytes);
  // Entities can expand to gigabytes ("billion laughs"); a logo has no use for them.
  if (svg && /<!ENTITY/i.test(bytes.toString('utf8')))
    throw new NotAnImageError('SVG with entity declarations is refused');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).metadata();
  } catch (err) {
    throw new NotAnImageError(`not a readable image (${(err as Error).message})`);
  }
  const format = meta.format ?? '';
  if (!(format === 'svg' ? svg : RASTER.has(format)))
    throw new NotAnImageError(`not a logo image (${format || 'unknown format'})`);
  if (!meta.width || !meta.height) throw new NotAnImageError('the image has no size');
  // Vector art is drawn at the density that makes its longer side LOGO_SIZE, so it is sharp, not upscaled.
  const density =
    format === 'svg' ? Math.min(2400, Math.max(1, (72 * LOGO_SIZE) / Math.max(meta.width, meta.height))) : undefined;
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, ...(density ? { density } : {}) })
      .rotate()
      .resize(LOGO_SIZE, LOGO_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 88, alphaQuality: 100, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: out.data, width: out.info.width, height: out.info.height, contentType: 'image/webp' };
  } catch (err) {
    throw new NotAnImageError(`the image could not be decoded (${(err as Error).message})`);
  }
}

/** A stored logo as PNG, for templates whose renderer reads PNG (the share images). */
export async function logoAsPng(webp: Buffer, size: number): Promise<Buffer> {
  return sharp(webp)
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}
