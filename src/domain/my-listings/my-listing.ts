import type { AppContext } from '../../app-context.js';
import { loadListingProfileAnyStatus, type ListingProfile } from '../listings/listing-profile.js';
import { listOwnedListings, loadOwnedListing } from './my-listing-repository.js';
import { toMyListingSummary, type MyListingSummary } from './my-listing-view.js';
import { listMilestones, type Milestone } from './milestones.js';
import { loadStory, type Story } from './founder-story.js';
import { listingMedia } from '../media/listing-media.js';
import type { MediaItem } from '../media/media-item.js';

/**
 * get_my_listing: the summary, the content the public sees (or will see, for a listing not yet
 * published), and — whether public yet or not — every milestone (with the ids delete_milestone
 * takes), the saved story and the media (with the ids the media operations take).
 */
export interface MyListingDetail extends MyListingSummary {
  public: ListingProfile;
  milestones: Milestone[];
  story: Story;
  media: MediaItem[];
}

type Ctx = Pick<AppContext, 'db' | 'site' | 'config'>;

export async function listMyListings(
  ctx: Ctx,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: MyListingSummary[]; total: number }> {
  const r = await listOwnedListings(ctx.db, ctx.site.id, userId, limit, offset);
  return { items: r.items.map((row) => toMyListingSummary(row, ctx.config.publicUrl)), total: r.total };
}

/** Call after ownedListing (which answers 404/403). */
export async function myListingDetail(ctx: Ctx, listingId: number, userId: number): Promise<MyListingDetail> {
  const [row, profile, milestones, story, media] = await Promise.all([
    loadOwnedListing(ctx.db, listingId, userId),
    loadListingProfileAnyStatus(ctx.db, ctx.site.id, listingId, ctx.config.publicUrl),
    listMilestones(ctx.db, listingId),
    loadStory(ctx.db, listingId),
    listingMedia(ctx, listingId),
  ]);
  return { ...toMyListingSummary(row, ctx.config.publicUrl), public: profile!, milestones, story, media };
}
