import { Type } from '@sinclair/typebox';
import { ownedListing } from '../../domain/listings/listing-ownership.js';
import { addListingMedia, deleteListingMedia, updateListingMedia } from '../../domain/media/listing-media.js';
import {
  CAPTION_MAX,
  IMAGE_BASE64_MAX,
  IMAGE_URL_MAX,
  MAX_SCREENSHOTS,
  VIDEO_URL_MAX,
} from '../../domain/media/media-limits.js';
import { defineOperation, type OperationContext } from '../registry.js';
import { Body, Params, rowId } from '../schemas/common.js';
import { MediaItemSchema } from '../schemas/records.js';

/**
 * A listing's media section (SPEC §2.6, paid): screenshots, stored and served from our origin, and
 * one demo video. Owners may change it at any time; it is public only while the section is unlocked.
 */

const ListingId = { listing_id: rowId('Your listing id') };
const ItemParams = Params({ ...ListingId, media_id: rowId("From get_my_listing's media") });
const mine = (ctx: OperationContext, listingId: number) =>
  ownedListing(ctx.db, ctx.site.id, listingId, ctx.principal!.userId);
const Caption = Type.String({ maxLength: CAPTION_MAX, description: "Caption (a screenshot's alt text)" });

const MediaListSchema = Type.Object({
  listing_id: Type.Integer(),
  public: Type.Boolean({ description: 'Shown on the public page (paid, or the media section unlocked)' }),
  media: Type.Array(MediaItemSchema),
});

export const addListingMediaOperation = defineOperation({
  operationId: 'add_listing_media',
  method: 'POST',
  path: '/me/listings/{listing_id}/media',
  tag: 'My listings',
  title: 'Add a screenshot or video',
  summary: `Adds a screenshot (up to ${MAX_SCREENSHOTS}) or the demo video (one); public on paid listings or once media is unlocked.`,
  scope: 'listings:write',
  status: 201,
  notFound: true,
  idempotent: true,
  openWorld: true,
  params: Params(ListingId),
  body: Body({
    image_base64: Type.Optional(
      Type.String({
        maxLength: IMAGE_BASE64_MAX,
        pattern: '^[A-Za-z0-9+/]+={0,2}$',
        description: 'A PNG, JPEG, WebP, AVIF or GIF, base64; or',
      }),
    ),
    image_url: Type.Optional(Type.String({ maxLength: IMAGE_URL_MAX, description: 'its URL (≤ 5 MB); or' })),
    video_url: Type.Optional(Type.String({ maxLength: VIDEO_URL_MAX, description: 'a YouTube, Vimeo or Loom link' })),
    caption: Type.Optional(Caption),
  }),
  response: Type.Object({ id: Type.Integer({ description: 'The new item' }), ...MediaListSchema.properties }),
  handler: async ({ listing_id, ...input }, ctx) => addListingMedia(ctx, await mine(ctx, listing_id), input),
});

export const updateListingMediaOperation = defineOperation({
  operationId: 'update_listing_media',
  method: 'PATCH',
  path: '/me/listings/{listing_id}/media/{media_id}',
  tag: 'My listings',
  title: 'Edit a screenshot or video',
  summary: "Changes a caption, or a screenshot's place in the order.",
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: ItemParams,
  body: Body({
    caption: Type.Optional(Caption),
    position: Type.Optional(
      Type.Integer({ minimum: 1, maximum: MAX_SCREENSHOTS, description: 'Its new place, 1 = first' }),
    ),
  }),
  response: MediaListSchema,
  handler: async ({ listing_id, media_id, ...change }, ctx) =>
    updateListingMedia(ctx, await mine(ctx, listing_id), media_id, change),
});

export const deleteListingMediaOperation = defineOperation({
  operationId: 'delete_listing_media',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/media/{media_id}',
  tag: 'My listings',
  title: 'Delete a screenshot or video',
  summary: 'Removes one screenshot or the video.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: ItemParams,
  response: MediaListSchema,
  handler: async ({ listing_id, media_id }, ctx) => deleteListingMedia(ctx, await mine(ctx, listing_id), media_id),
});

export const listingMediaOperations = [
  addListingMediaOperation,
  updateListingMediaOperation,
  deleteListingMediaOperation,
];
