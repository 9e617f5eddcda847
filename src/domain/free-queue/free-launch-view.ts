import type { AppContext } from '../../app-context.js';
import { badgeEmbeds, type ListingBadgeFacts } from '../badges/listing-badges.js';
import type { BadgeCheck, FreeLaunchRecord, WeekMove } from './free-queue-repository.js';

/** What choose_free_listing and the launch page tell a founder about their free launch. */
export interface FreeLaunchView {
  listing_id: number;
  slug: string;
  status: string;
  plan: string | null;
  launch_week: string | null;
  /** The exact HTML to paste on the homepage. */
  badge_embed_html: string;
  /** The listing page the badge links to; a plain link to it counts too. */
  badge_link_url: string;
  /** What still stands between the listing and its launch, in words. */
  missing: string[];
  last_badge_check: BadgeCheck | null;
  launch_week_moves: WeekMove[];
}

/** An ISO instant as founders read it: `2026-11-18 12:00 UTC`. */
export const utcMinute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The "Listed on" badge in the default style: it is earned from the moment the listing is queued,
 * and its link to the listing page is what the badge check looks for.
 */
export function freeBadgeEmbed(
  ctx: Pick<AppContext, 'site' | 'config'>,
  listing: Pick<FreeLaunchRecord, 'id' | 'slug' | 'name' | 'status' | 'plan'>,
): string {
  const facts: ListingBadgeFacts = {
    id: listing.id,
    slug: listing.slug,
    name: listing.name,
    status: listing.status,
    plan: listing.plan,
    verified: false,
    launched: false,
    votes: 0,
    bestAward: null,
    topVoted: false,
  };
  const listed = badgeEmbeds(
    facts,
    { shape: 'standard', mode: 'auto', size: 'm' },
    ctx.site.name,
    ctx.config.publicUrl,
  ).find((b) => b.kind === 'listed')!;
  return listed.html;
}

export function freeLaunchView(ctx: Pick<AppContext, 'site' | 'config'>, listing: FreeLaunchRecord): FreeLaunchView {
  const missing: string[] = [];
  if (listing.status === 'draft') {
    missing.push(
      listing.free_queue_exit
        ? `the free plan again: ${listing.free_queue_exit.reason}`
        : 'the free plan: choose it (choose_free_listing) to get a launch week, or launch with an order',
    );
  }
  if (listing.status === 'awaiting_badge') {
    const check = listing.badge_check_result;
    missing.push(
      check
        ? `our badge on ${listing.website_url} (last checked ${utcMinute(check.checked_at)}: ${check.detail})`
        : `our badge on ${listing.website_url} (not checked yet: the first check runs within minutes)`,
    );
  }
  return {
    listing_id: listing.id,
    slug: listing.slug,
    status: listing.status,
    plan: listing.plan,
    launch_week: listing.launch_week,
    badge_embed_html: freeBadgeEmbed(ctx, listing),
    badge_link_url: `${ctx.config.publicUrl}/p/${listing.slug}`,
    missing,
    last_badge_check: listing.badge_check_result,
    launch_week_moves: listing.launch_week_moves,
  };
}
