import { fromJson, type Queryable } from '../../db/client.js';
import { html, type SafeHtml } from '../html.js';
import type { ReviewPoint } from '../../domain/orders/profile-review.js';

export interface StoredReview {
  id: number;
  listing_name: string;
  method: string;
  summary: string;
  points: ReviewPoint[];
  created_at: string;
}

const REVIEW_SELECT = `SELECT r.id, c.name AS listing_name, r.method, r.summary, r.points, r.created_at
  FROM listing_profile_reviews r JOIN listings l ON l.id = r.listing_id JOIN companies c ON c.id = l.company_id`;
const parsed = (rows: (Omit<StoredReview, 'points'> & { points: unknown })[]) =>
  rows.map((r) => ({ ...r, points: fromJson<ReviewPoint[]>(r.points) }));

export async function profileReviewsOfOrder(db: Queryable, orderId: number): Promise<StoredReview[]> {
  return parsed(
    await db.query(
      `${REVIEW_SELECT} JOIN order_lines ol ON ol.id = r.order_line_id WHERE ol.order_id = $1 ORDER BY r.id`,
      [orderId],
    ),
  );
}

export async function profileReviewsOfListing(db: Queryable, listingId: number): Promise<StoredReview[]> {
  return parsed(
    await db.query(`${REVIEW_SELECT} WHERE r.listing_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 5`, [
      listingId,
    ]),
  );
}

/** Profile reviews (ai_review) as their owners read them: each point with the profile's own words. */
export function reviewsHtml(reviews: StoredReview[]): SafeHtml {
  return html`${reviews.map(
    (r) => html`<section class="card profile-review" aria-label="Profile review of ${r.listing_name}">
    <h2>Profile review: ${r.listing_name}</h2><p>${r.summary}</p>
    <ol>${r.points.map((p) => html`<li><span class="badge">${p.severity}</span> <strong>${p.field}</strong>: ${p.advice}${p.quote ? html`<br><q>${p.quote}</q>` : ''}</li>`)}</ol>
    <p class="small muted">Written ${r.created_at.slice(0, 10)} ${r.method === 'llm' ? 'by our AI reviewer' : 'from our profile checklist'}.</p></section>`,
  )}`;
}
