import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { ImageFetchError, fetchImage } from '../../images/fetch-image.js';
import { NotAnImageError, toLogoWebp } from '../../images/logo-image.js';
import { findImage, saveImage, type StoredImage } from './image-repository.js';
import { imageUrlHash } from './image-addresses.js';

/**
 * Remote images we show (listing logos, founders' avatars) as our own copies: each URL fetched
 * once through the SSRF guard, redrawn, and kept in listing_images with the outcome.
 */

/** How long a failure is remembered before the image is fetched again: a day, or an hour when it may have been passing
 *  (timeouts, 5xx). */
export const RETRY_AFTER_MS = { permanent: 24 * 3_600_000, transient: 3_600_000 };

export type ImageCtx = Pick<AppContext, 'db' | 'config' | 'now'>;

/** Fetches in progress on this instance, per database: concurrent requests for one image share one download. */
const inflight = new WeakMap<Db, Map<string, Promise<StoredImage>>>();

/** The stored image of `url`, usable now: a success, or a failure not yet due for another try. */
const settled = (img: StoredImage | null, now: Date): img is StoredImage =>
  img !== null && (img.status === 'ok' || (img.retryAt !== null && new Date(img.retryAt) > now));

/**
 * The image at `url`, from the database when we have it; otherwise fetched now (once, however many
 * requests ask at the same time) and stored — a failure too, with its reason, so it is not asked
 * again until its retry time.
 */
export async function ensureImage(ctx: ImageCtx, url: string): Promise<StoredImage> {
  const hash = imageUrlHash(url);
  const stored = await findImage(ctx.db, hash);
  if (settled(stored, ctx.now())) return stored;
  let mine = inflight.get(ctx.db);
  if (!mine) inflight.set(ctx.db, (mine = new Map()));
  let pending = mine.get(hash);
  if (!pending) {
    pending = fetchAndStore(ctx, url, hash).finally(() => mine.delete(hash));
    mine.set(hash, pending);
  }
  return pending;
}

async function fetchAndStore(ctx: ImageCtx, url: string, urlHash: string): Promise<StoredImage> {
  try {
    const body = await fetchImage(url, { allowHosts: ctx.config.crawlAllowHosts, publicUrl: ctx.config.publicUrl });
    const logo = await toLogoWebp(body);
    return await saveImage(ctx.db, {
      urlHash,
      sourceUrl: url,
      status: 'ok',
      contentType: logo.contentType,
      bytes: logo.bytes,
      width: logo.width,
      height: logo.height,
      fetchedAt: ctx.now(),
    });
  } catch (err) {
    const permanent = err instanceof NotAnImageError || (err instanceof ImageFetchError && err.permanent);
    if (!(err instanceof NotAnImageError || err instanceof ImageFetchError)) throw err;
    const now = ctx.now();
    return saveImage(ctx.db, {
      urlHash,
      sourceUrl: url,
      status: 'failed',
      error: err.message,
      fetchedAt: now,
      retryAt: new Date(now.getTime() + (permanent ? RETRY_AFTER_MS.permanent : RETRY_AFTER_MS.transient)),
    });
  }
}
