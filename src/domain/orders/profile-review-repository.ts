import { fromJson, type Queryable } from '../../db/client.js';
import type { ReviewPoint } from './profile-review.js';

export interface StoredReview {
  id: number;
  listing_name: string;
  method: string;
  summary: string;
  points: ReviewPoint[];
  created_at: string;
}

type ReviewRow = Omit<StoredReview, 'points'> & { points: unknown };

const REVIEW_SELECT = `SELECT r.id, c.name AS listing_name, r.method, r.summary, r.points, r.created_at
  FROM listing_profile_reviews r JOIN listings l ON l.id = r.listing_id JOIN companies c ON c.id = l.company_id`;
const parsed = (rows: ReviewRow[]) => rows.map((r) => ({ ...r, points: fromJson<ReviewPoint[]>(r.points) }));

export async function profileReviewsOfOrder(db: Queryable, orderId: number): Promise<StoredReview[]> {
  return parsed(
    await db.query<ReviewRow>(
      `${REVIEW_SELECT} JOIN order_lines ol ON ol.id = r.order_line_id WHERE ol.order_id = $1 ORDER BY r.id`,
      [orderId],
    ),
  );
}

/** The five newest profile reviews of a listing. */
export async function profileReviewsOfListing(db: Queryable, listingId: number): Promise<StoredReview[]> {
  return parsed(
    await db.query<ReviewRow>(
      `${REVIEW_SELECT} WHERE r.listing_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 5`,
      [listingId],
    ),
  );
}
