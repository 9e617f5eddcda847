import type { RenditionFormat } from '../../images/screenshot-image.js';

/**
 * Where a stored screenshot is served from our origin: `/media/<SHA-256 of the master>-<width>.<avif|webp>`.
 * The address names the content, so it never changes meaning and is cached for a year.
 */

/** The widths pages may ask for, besides the master's own (which is the full size). */
export const RENDITION_WIDTHS = [480, 960, 1440] as const;

/** The widths a master of `width` pixels is offered at: the standard ones below it, and its own. */
export function renditionWidths(width: number): number[] {
  return [...RENDITION_WIDTHS.filter((w) => w < width), width];
}

export const mediaPath = (hash: string, width: number, format: RenditionFormat) => `/media/${hash}-${width}.${format}`;

/** The parts of a media file name, or null when it is none of ours (`<64 hex>-<width>.<avif|webp>`). */
export function parseMediaFile(file: string): { hash: string; width: number; format: RenditionFormat } | null {
  const m = /^([0-9a-f]{64})-([1-9]\d{1,4})\.(avif|webp)$/.exec(file);
  return m ? { hash: m[1], width: Number(m[2]), format: m[3] as RenditionFormat } : null;
}

/** What an <img>/<picture> of a screenshot needs, as paths on our origin. */
export interface ImageSources {
  /** The full size, WebP (every browser of today reads it): the link of the no-script fallback. */
  full: string;
  /** srcset lists per format, every width offered. */
  srcset: Record<RenditionFormat, string>;
}

export function imageSources(hash: string, width: number): ImageSources {
  const widths = renditionWidths(width);
  const list = (f: RenditionFormat) => widths.map((w) => `${mediaPath(hash, w, f)} ${w}w`).join(', ');
  return { full: mediaPath(hash, width, 'webp'), srcset: { avif: list('avif'), webp: list('webp') } };
}

/**
 * The sources of a screenshot from its public URL (an absolute address of ours, as get_listing
 * gives it); null for any other URL.
 */
export function imageSourcesOf(url: string, width: number): ImageSources | null {
  const file = /\/media\/([^/?#]+)$/.exec(url)?.[1];
  const parsed = file ? parseMediaFile(file) : null;
  return parsed && parsed.width === width && parsed.format === 'webp' ? imageSources(parsed.hash, width) : null;
}
