import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { badRequest, invalidField, notFound } from '../../errors/app-error.js';
import { ImageFetchError, fetchImage } from '../../images/fetch-image.js';
import { ScreenshotError, toScreenshotMaster } from '../../images/screenshot-image.js';
import { unlockedSections } from '../listings/listing-profile.js';
import type { OwnedListing } from '../listings/listing-ownership.js';
import { unlockedSectionsOf } from '../my-listings/my-listing-repository.js';
import { IMAGE_URL_MAX_BYTES, MAX_SCREENSHOTS } from './media-limits.js';
import { toMediaItem, type MediaItem } from './media-item.js';
import {
  deleteMedia,
  dropUnusedImage,
  insertMedia,
  listMedia,
  lockListing,
  setCaption,
  setImageOrder,
  storeImage,
  type MediaRow,
} from './media-repository.js';
import { videoLink } from './video-links.js';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** The media operations' answer: every item, public or not, and whether the section is shown. */
export interface MediaList {
  listing_id: number;
  /** Shown on the public page: the listing is paid or its media section is unlocked (SPEC §2.6). */
  public: boolean;
  media: MediaItem[];
}

export interface AddMediaInput {
  image_base64?: string;
  image_url?: string;
  video_url?: string;
  caption?: string;
}

const SOURCES = ['image_base64', 'image_url', 'video_url'] as const;
type Source = (typeof SOURCES)[number];

export async function listingMedia(ctx: Ctx, listingId: number): Promise<MediaItem[]> {
  return (await listMedia(ctx.db, listingId)).map((r) => toMediaItem(r, ctx.config.publicUrl));
}

/** Every media item of the listing and whether the section is public (the owners' media page). */
export async function mediaList(ctx: Ctx, listingId: number): Promise<MediaList> {
  const [media, l] = await Promise.all([listingMedia(ctx, listingId), unlockedSectionsOf(ctx.db, listingId)]);
  return { listing_id: listingId, public: unlockedSections(l.plan, l.unlocked_sections).includes('media'), media };
}

const screenshotsOf = (rows: MediaRow[]) => rows.filter((r) => r.kind === 'image');
const tooMany = (field: Source) =>
  invalidField(field, `a listing has at most ${MAX_SCREENSHOTS} screenshots: delete one first`);

/** The bytes of the screenshot sent: decoded from base64, or fetched once through the SSRF guard. */
async function screenshotBytes(ctx: Ctx, field: Source, value: string): Promise<Buffer> {
  if (field === 'image_base64') return Buffer.from(value, 'base64');
  try {
    return await fetchImage(value, {
      allowHosts: ctx.config.crawlAllowHosts,
      publicUrl: ctx.config.publicUrl,
      maxBytes: IMAGE_URL_MAX_BYTES,
    });
  } catch (err) {
    if (err instanceof ImageFetchError) throw invalidField(field, err.message);
    throw err;
  }
}

/**
 * add_listing_media: one screenshot (at most MAX_SCREENSHOTS) or the demo video (one). The owners
 * may add media at any time; it is shown publicly only while the section is unlocked.
 */
export async function addListingMedia(
  ctx: Ctx,
  listing: OwnedListing,
  input: AddMediaInput,
): Promise<MediaList & { id: number }> {
  const given = SOURCES.filter((s) => input[s] !== undefined && input[s] !== '');
  if (given.length === 0) throw badRequest('Send a screenshot (image_base64 or image_url) or a video_url.');
  if (given.length > 1) throw invalidField(given[1], `send only one of ${given.join(' and ')} at a time`);
  const field = given[0];
  const value = input[field]!.trim();
  const caption = input.caption?.trim() ?? '';
  let id: number;
  if (field === 'video_url') {
    if (!videoLink(value)) throw invalidField(field, 'must be a link to a YouTube, Vimeo or Loom video');
    id = await ctx.db.transaction(async (tx) => {
      await lockListing(tx, listing.id);
      if ((await listMedia(tx, listing.id)).some((r) => r.kind === 'video'))
        throw invalidField(field, 'the listing already has its demo video (one per listing): delete it first');
      return insertMedia(tx, {
        listingId: listing.id,
        kind: 'video',
        url: value,
        caption,
        position: 0,
        imageHash: null,
      });
    });
  } else {
    // Counted before the download and the decoding, so a full gallery costs neither.
    if (screenshotsOf(await listMedia(ctx.db, listing.id)).length >= MAX_SCREENSHOTS) throw tooMany(field);
    let master: Awaited<ReturnType<typeof toScreenshotMaster>>;
    try {
      master = await toScreenshotMaster(await screenshotBytes(ctx, field, value));
    } catch (err) {
      if (err instanceof ScreenshotError) throw invalidField(field, `the image ${err.message}`);
      throw err;
    }
    const hash = crypto.createHash('sha256').update(master.bytes).digest('hex');
    id = await ctx.db.transaction(async (tx) => {
      await lockListing(tx, listing.id);
      const shots = screenshotsOf(await listMedia(tx, listing.id));
      if (shots.length >= MAX_SCREENSHOTS) throw tooMany(field);
      await storeImage(tx, { hash, ...master });
      return insertMedia(tx, {
        listingId: listing.id,
        kind: 'image',
        url: field === 'image_url' ? value : '',
        caption,
        position: shots.length + 1,
        imageHash: hash,
      });
    });
  }
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return { ...(await mediaList(ctx, listing.id)), id };
}

const noSuchItem = (id: number) => notFound(`This listing has no media item with id ${id}.`);

/** update_listing_media: a new caption, or a screenshot's new place (1 = first; the others move up or down). */
export async function updateListingMedia(
  ctx: Ctx,
  listing: OwnedListing,
  mediaId: number,
  change: { caption?: string; position?: number },
): Promise<MediaList> {
  await ctx.db.transaction(async (tx) => {
    await lockListing(tx, listing.id);
    const rows = await listMedia(tx, listing.id);
    const item = rows.find((r) => r.id === mediaId);
    if (!item) throw noSuchItem(mediaId);
    if (change.position !== undefined) {
      if (item.kind !== 'image') throw invalidField('position', 'only screenshots have a place in the order');
      const ids = screenshotsOf(rows).map((r) => r.id);
      if (change.position > ids.length)
        throw invalidField('position', `must be 1 to ${ids.length}: the listing has ${ids.length} screenshots`);
      ids.splice(ids.indexOf(mediaId), 1);
      ids.splice(change.position - 1, 0, mediaId);
      await setImageOrder(tx, listing.id, ids);
    }
    if (change.caption !== undefined) await setCaption(tx, listing.id, mediaId, change.caption.trim());
  });
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return mediaList(ctx, listing.id);
}

/** delete_listing_media: removes one item; its picture goes too once no listing shows it. */
export async function deleteListingMedia(ctx: Ctx, listing: OwnedListing, mediaId: number): Promise<MediaList> {
  await ctx.db.transaction(async (tx) => {
    await lockListing(tx, listing.id);
    const gone = await deleteMedia(tx, listing.id, mediaId);
    if (!gone) throw noSuchItem(mediaId);
    if (gone.image_hash) {
      await setImageOrder(
        tx,
        listing.id,
        screenshotsOf(await listMedia(tx, listing.id)).map((r) => r.id),
      );
      await dropUnusedImage(tx, gone.image_hash);
    }
  });
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return mediaList(ctx, listing.id);
}
