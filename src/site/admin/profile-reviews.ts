import { html, type SafeHtml } from '../html.js';
import type { StoredReview } from '../../domain/orders/profile-review-repository.js';

/** Profile reviews (ai_review) as their owners read them: each point with the profile's own words. */
export function reviewsHtml(reviews: StoredReview[]): SafeHtml {
  return html`${reviews.map(
    (r) => html`<section class="card profile-review" aria-label="Profile review of ${r.listing_name}">
    <h2>Profile review: ${r.listing_name}</h2><p>${r.summary}</p>
    <ol>${r.points.map((p) => html`<li><span class="badge">${p.severity}</span> <strong>${p.field}</strong>: ${p.advice}${p.quote ? html`<br><q>${p.quote}</q>` : ''}</li>`)}</ol>
    <p class="small muted">Written ${r.created_at.slice(0, 10)} ${r.method === 'llm' ? 'by our AI reviewer' : 'from our profile checklist'}.</p></section>`,
  )}`;
}
