import type { Queryable } from '../../db/client.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { ensureImage, type ImageCtx } from './remote-images.js';
import { imageUrlHash } from './image-addresses.js';

/** Background job: fetch a listing's (new) logo before anyone asks for it. */
export const LOGO_JOB = 'fetch_listing_logo';

/**
 * Queues the fetch of a logo URL just stored on a listing (a draft saved as a listing, before it is published).
 * Once per URL ever: the job's unique key is the URL's hash, and the image row it leaves behind
 * serves every later listing, site and page naming the same URL.
 */
export async function queueLogoFetch(db: Queryable, url: string | null | undefined, now: Date): Promise<void> {
  if (!url) return;
  await enqueueAndNotify(
    db,
    LOGO_JOB,
    { url },
    { uniqueKey: `${LOGO_JOB}:${imageUrlHash(url)}`, runAt: now, maxAttempts: 3 },
  );
}

/** The LOGO_JOB handler: idempotent (an image already stored, or a failure not yet due, is left as it is). */
export async function runLogoJob(ctx: ImageCtx, payload: { url?: unknown }): Promise<void> {
  if (typeof payload.url === 'string' && payload.url) await ensureImage(ctx, payload.url);
}
