import type { Db } from '../../db/client.js';
import { screenshotRendition } from '../../images/screenshot-image.js';
import { parseMediaFile, renditionWidths } from './media-addresses.js';
import { findMaster, findRendition, saveRendition } from './media-repository.js';

/** Sizes being made on this instance, per database: requests for the same one share one encoding. */
const inflight = new WeakMap<Db, Map<string, Promise<Buffer | null>>>();

/**
 * The bytes of a media file (`<hash>-<width>.<avif|webp>`), or null when there is no such file: an
 * unknown picture, or a width it is not offered at (only those of its srcset, so the address space
 * cannot be used to make the server encode at will). The full size in WebP is the master itself;
 * every other size is made once, on first request, and kept.
 */
export async function mediaFile(db: Db, file: string): Promise<Buffer | null> {
  const f = parseMediaFile(file);
  if (!f) return null;
  const stored = await findRendition(db, f.hash, f.width, f.format);
  if (stored) return stored;
  let mine = inflight.get(db);
  if (!mine) inflight.set(db, (mine = new Map()));
  let pending = mine.get(file);
  if (!pending) {
    pending = (async () => {
      const master = await findMaster(db, f.hash);
      if (!master || !renditionWidths(master.width).includes(f.width)) return null;
      if (f.width === master.width && f.format === 'webp') return master.bytes;
      const bytes = await screenshotRendition(master.bytes, f.width, f.format);
      await saveRendition(db, { ...f, bytes });
      return bytes;
    })().finally(() => mine.delete(file));
    mine.set(file, pending);
  }
  return pending;
}
