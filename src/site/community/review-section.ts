import type { Queryable } from '../../db/client.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { CommunityRating } from '../../domain/reviews/community-rating.js';
import { listReviews, ownReview } from '../../domain/reviews/reviews.js';
import { isListingOwner } from '../../domain/listings/listing-ownership.js';
import type { SafeHtml } from '../html.js';
import { reviewsSection, type ReviewedListingView, type ReviewViewer } from './review-views.js';

/** Reviews shown on the listing page itself; the rest are a link away. */
export const LISTING_PAGE_REVIEWS = 10;

/** What the signed-in visitor may do with this listing's reviews (null when signed out). */
export async function reviewViewer(
  db: Queryable,
  listingId: number,
  user: User | null,
  csrf: string | null,
): Promise<ReviewViewer> {
  if (!user || !csrf) return null;
  const [owner, own] = await Promise.all([isListingOwner(db, listingId, user.id), ownReview(db, listingId, user.id)]);
  return { csrf, owner, own, confirmed: user.email_verified_at !== null, suspended: user.suspended_at !== null };
}

/**
 * The listing page's Reviews section. The rating is the profile's (the one get_listing states),
 * so page and API never disagree.
 */
export async function listingReviewsSection(
  db: Queryable,
  p: ReviewedListingView & { community_rating: CommunityRating },
  user: User | null,
  csrf: string | null,
  /** What came of a review kept through sign-in (pending-actions.ts). */
  notice?: SafeHtml,
): Promise<SafeHtml> {
  const [page, viewer] = await Promise.all([
    listReviews(db, p.id, { perPage: LISTING_PAGE_REVIEWS }),
    reviewViewer(db, p.id, user, csrf),
  ]);
  return reviewsSection(p, p.community_rating, page, viewer, notice);
}
