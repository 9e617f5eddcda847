import { html, type SafeHtml } from '../html.js';
import { pagination } from '../components.js';
import { reportLink } from './report-link.js';
import type { OwnReview, Refusal, Review, ReviewPage } from '../../domain/reviews/reviews.js';
import { RATING_MAX, REPLY_MAX, REVIEW_BODY_MAX, type FieldProblem } from '../../domain/reviews/review-rules.js';
import type { CommunityRating } from '../../domain/reviews/community-rating.js';
import { participationRefusalPage } from './participation-page.js';

/**
 * The Reviews section of a listing page and the pages around it: plain forms with their CSRF
 * token (no script), every value through the escaping `html` template.
 */

export interface ReviewedListingView {
  id: number;
  slug: string;
  name: string;
  status: string;
}

/** Who is looking, and what they may do here. */
export type ReviewViewer = null | {
  csrf: string;
  owner: boolean;
  own: OwnReview | null;
  confirmed: boolean;
  suspended: boolean;
};

const FIELD_WORDS: Record<FieldProblem['field'], string> = { rating: 'Rating', body: 'Review text', reply: 'Reply' };
const RATING_WORDS = ['', 'poor', 'fair', 'good', 'very good', 'excellent'];
const thousands = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Stars as text for the eye, words for screen readers. */
export function stars(rating: number, words: string): SafeHtml {
  const full = Math.max(0, Math.min(RATING_MAX, Math.round(rating)));
  return html`<span class="stars" aria-hidden="true">${'★'.repeat(full)}${'☆'.repeat(RATING_MAX - full)}</span><span class="sr-only">${words}</span>`;
}

/** Paragraphs at blank lines, line breaks kept within them. */
function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p.split('\n').map((line, i) => (i === 0 ? line : html`<br>${line}`))}</p>`);
}

// No token (''): the signed-out form of a page shared by every visitor (pending-actions.ts).
const csrfInput = (csrf: string) => (csrf ? html`<input type="hidden" name="_csrf" value="${csrf}">` : '');
const fieldError = (id: string, problem: FieldProblem) =>
  html`<p class="error" role="alert" id="${id}">${FIELD_WORDS[problem.field]}: ${problem.message}.</p>`;

export interface ReviewFormValues {
  rating: string;
  body: string;
}

/** The write-or-edit form; `values` keep what the person typed when it comes back with a problem. */
export function reviewForm(
  listing: ReviewedListingView,
  csrf: string,
  o: { editing: boolean; values?: ReviewFormValues; problem?: FieldProblem } = { editing: false },
): SafeHtml {
  const v = o.values ?? { rating: '', body: '' };
  const ratingProblem = o.problem?.field === 'rating';
  const bodyProblem = o.problem?.field === 'body';
  return html`<form method="post" action="/p/${listing.slug}/reviews" class="review-form" id="review-form">
    ${csrfInput(csrf)}
    ${o.problem ? fieldError('review-error', o.problem) : ''}
    <fieldset class="rating-choice"${ratingProblem ? html` aria-describedby="review-error"` : ''}>
      <legend>Your rating of ${listing.name}</legend>
      ${[1, 2, 3, 4, 5].map(
        (
          n,
        ) => html`<label class="choice"><input type="radio" name="rating" value="${n}" required${v.rating === String(n) ? ' checked' : ''}>
        <span class="stars" aria-hidden="true">${'★'.repeat(n)}</span> ${plural(n, 'star', 'stars')} (${RATING_WORDS[n]})</label>`,
      )}
    </fieldset>
    <label for="review-body">Your review <span class="muted">(up to ${thousands(REVIEW_BODY_MAX)} characters)</span></label>
    <textarea id="review-body" name="body" rows="6" maxlength="${REVIEW_BODY_MAX}" required${bodyProblem ? html` aria-invalid="true" aria-describedby="review-error"` : ''}>${v.body}</textarea>
    <p><button type="submit">${o.editing ? 'Save my review' : 'Publish my review'}</button></p>
  </form>`;
}

const deleteForm = (listing: ReviewedListingView, csrf: string) =>
  html`<form method="post" action="/p/${listing.slug}/reviews/delete" class="inline">${csrfInput(csrf)}<button type="submit" class="secondary">Delete my review</button></form>`;

/** The reply form under a review, for the listing's owners; open at once when it comes back with a problem. */
export function replyForm(
  listing: ReviewedListingView,
  review: Pick<Review, 'id' | 'author_name'>,
  csrf: string,
  o: { value?: string; problem?: FieldProblem; open?: boolean } = {},
): SafeHtml {
  const id = `reply-${review.id}`;
  const form = html`<form method="post" action="/p/${listing.slug}/reviews/${review.id}/reply" class="reply-form">
    ${csrfInput(csrf)}
    ${o.problem ? fieldError(`${id}-error`, o.problem) : ''}
    <label for="${id}">Your reply to ${review.author_name ?? 'this review'} <span class="muted">(once, up to ${thousands(REPLY_MAX)} characters)</span></label>
    <textarea id="${id}" name="reply" rows="4" maxlength="${REPLY_MAX}" required${o.problem ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''}>${o.value ?? ''}</textarea>
    <p><button type="submit">Publish reply</button></p></form>`;
  return o.open ? form : html`<details class="reply-box"><summary>Reply as the maker</summary>${form}</details>`;
}

function reviewItem(listing: ReviewedListingView, r: Review, viewer: ReviewViewer, heading: 'h2' | 'h3'): SafeHtml {
  const author = r.author_name ?? 'Anonymous';
  return html`<li class="review" id="review-${r.id}">
    <${heading} class="review-author">${author}</${heading}>
    <p class="review-meta small">${stars(r.rating, `Rated ${r.rating} out of ${RATING_MAX}`)}
      <span class="muted">· <time datetime="${r.created_at}">${r.created_at.slice(0, 10)}</time>${r.edited_at ? html` · <span class="edited">edited</span>` : ''}</span></p>
    <div class="review-text">${paragraphs(r.body)}</div>
    ${r.counted ? '' : html`<p class="small muted">Not counted in the rating.</p>`}
    ${
      r.reply
        ? html`<div class="maker-reply"><p class="small"><strong>Reply from the maker</strong> <span class="muted">· <time datetime="${r.reply.at}">${r.reply.at.slice(0, 10)}</time></span></p>
      <div class="review-text">${paragraphs(r.reply.body)}</div></div>`
        : ''
    }
    ${!r.reply && viewer?.owner && viewer.confirmed && !viewer.suspended ? replyForm(listing, r, viewer.csrf) : ''}
    <p class="small">${reportLink('review', r.id)}</p>
  </li>`;
}

/** A page of reviews as a list (newest first); each headed by its author, one level below the page's heading. */
export function reviewList(
  listing: ReviewedListingView,
  reviews: Review[],
  viewer: ReviewViewer,
  heading: 'h2' | 'h3' = 'h3',
): SafeHtml {
  return reviews.length
    ? html`<ol class="review-list">${reviews.map((r) => reviewItem(listing, r, viewer, heading))}</ol>`
    : html``;
}

/** The average of genuine reviews and their count, as the API states it. */
export function ratingSummary(rating: CommunityRating, shown: number): SafeHtml {
  if (rating.count === 0 || rating.average === null) {
    return html`<p class="rating-summary muted">${shown ? 'No review counts toward a rating yet.' : 'No reviews yet.'}</p>`;
  }
  return html`<p class="rating-summary">${stars(rating.average, '')}<strong>${rating.average}</strong> out of ${RATING_MAX}
    <span class="muted">from ${plural(rating.count, 'genuine review', 'genuine reviews')}${shown > rating.count ? ` (${shown} shown; only genuine reviews count)` : ''}</span></p>`;
}

/** What this visitor may do: write or edit, why not, or sign in. */
function writeBox(listing: ReviewedListingView, viewer: ReviewViewer): SafeHtml {
  if (listing.status !== 'live') return html`<p class="muted">Reviews open once ${listing.name} launches.</p>`;
  // Signed out, the form is there all the same: the review is kept through sign-in and published after it.
  if (!viewer)
    return html`<div class="review-write"><h3>Write a review</h3>${reviewForm(listing, '')}
    <p class="small muted">You will be asked to sign in first; what you wrote is kept. <a href="/signin?next=${encodeURIComponent(`/p/${listing.slug}#reviews`)}">Sign in</a></p></div>`;
  if (viewer.suspended) return html`<p class="muted">Your account is suspended, so it cannot write reviews.</p>`;
  if (viewer.owner)
    return html`<p class="muted">You make ${listing.name}, so you cannot review it; you can reply to reviews below, once each.</p>`;
  if (!viewer.confirmed)
    return html`<p>Confirm your email to write a review: open the link we mailed you, or send it again from <a href="/account">your account</a>.</p>`;
  if (viewer.own?.hidden)
    return html`<p class="muted">A moderator hid your review of ${listing.name}, so it can no longer be edited.</p>`;
  const own = viewer.own;
  return html`<div class="review-write"><h3>${own ? 'Your review' : 'Write a review'}</h3>
    ${reviewForm(listing, viewer.csrf, { editing: own !== null, values: own ? { rating: String(own.rating), body: own.body } : undefined })}
    ${own ? deleteForm(listing, viewer.csrf) : ''}</div>`;
}

/** The "Reviews" section of a listing page: the first page of reviews, with a link to the rest. */
export function reviewsSection(
  listing: ReviewedListingView,
  rating: CommunityRating,
  page: ReviewPage,
  viewer: ReviewViewer,
  notice?: SafeHtml,
): SafeHtml {
  return html`<section id="reviews" class="reviews" aria-labelledby="reviews-h"><h2 id="reviews-h">Reviews</h2>${notice ?? ''}
    ${ratingSummary(rating, page.total)}
    ${writeBox(listing, viewer)}
    ${reviewList(listing, page.items, viewer)}
    ${page.total > page.items.length ? html`<p><a href="/p/${listing.slug}/reviews?page=2">Older reviews (${page.total} in all)</a></p>` : ''}
  </section>`;
}

/** Every review of a listing, a page at a time. */
export function allReviewsPage(
  listing: ReviewedListingView,
  rating: CommunityRating,
  page: ReviewPage,
  viewer: ReviewViewer,
): SafeHtml {
  return html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/p/${listing.slug}">${listing.name}</a></li><li><span aria-current="page">Reviews</span></li></ol></nav>
    <h1>Reviews of ${listing.name}</h1>
    ${ratingSummary(rating, page.total)}
    <div class="reviews">${page.items.length ? reviewList(listing, page.items, viewer, 'h2') : html`<p class="muted">No reviews on this page.</p>`}</div>
    ${pagination(`/p/${listing.slug}/reviews`, {}, page.page, page.total_pages)}
    <p><a href="/p/${listing.slug}#reviews">Back to ${listing.name}</a></p>`;
}

/** The form again with what was typed and which field is wrong (a 400). */
export function reviewProblemPage(
  listing: ReviewedListingView,
  csrf: string,
  values: ReviewFormValues,
  problem: FieldProblem,
  editing: boolean,
): SafeHtml {
  return html`<h1>${editing ? 'Your review' : 'Write a review'} of ${listing.name}</h1>
    ${reviewForm(listing, csrf, { editing, values, problem })}
    <p><a href="/p/${listing.slug}#reviews">Back to ${listing.name}</a></p>`;
}

export function replyProblemPage(
  listing: ReviewedListingView,
  review: Review,
  csrf: string,
  value: string,
  problem: FieldProblem,
): SafeHtml {
  return html`<h1>Reply to a review of ${listing.name}</h1>
    <blockquote class="card review-quote"><p>${stars(review.rating, `Rated ${review.rating} out of ${RATING_MAX}`)} <strong>${review.author_name ?? 'Anonymous'}</strong></p>${paragraphs(review.body)}</blockquote>
    ${replyForm(listing, review, csrf, { value, problem, open: true })}
    <p><a href="/p/${listing.slug}#reviews">Back to ${listing.name}</a></p>`;
}

/** Why a write was refused, in plain words: [page title, body]. */
export function refusalPage(
  listing: { name: string; slug: string } | null,
  r: Exclude<Refusal, { reason: 'invalid' }>,
): [string, SafeHtml] {
  const name = listing?.name ?? 'this listing';
  const back = listing
    ? html`<p><a href="/p/${listing.slug}#reviews">Back to ${listing.name}</a></p>`
    : html`<p><a href="/">Back to launches</a></p>`;
  const words: Record<typeof r.reason, [string, SafeHtml]> = {
    suspended: participationRefusalPage('suspended', 'Reviews are taken'),
    unconfirmed: participationRefusalPage('unconfirmed', 'Reviews are taken'),
    owner: [
      'You cannot review your own product',
      html`<h1>You cannot review your own product</h1><p>You are an owner or co-owner of ${name}, so a review from you would not be independent. You can reply to the reviews other people write, once each.</p>`,
    ],
    not_owner: [
      'Only the makers reply',
      html`<h1>Only the makers can reply</h1><p>Replies to reviews come from the owners and co-owners of ${name}.</p>`,
    ],
    hidden: [
      'Your review is hidden',
      html`<h1>Your review is hidden</h1><p>A moderator hid your review of ${name}, so it can no longer be edited or deleted.</p>`,
    ],
    no_listing: [
      'Not found',
      html`<h1>No live listing to review</h1><p>Reviews are written on live listings only.</p>`,
    ],
    no_review: [
      'Not found',
      html`<h1>No such review</h1><p>That review of ${name} does not exist or is no longer shown.</p>`,
    ],
    already_replied: [
      'Already answered',
      html`<h1>This review already has a reply</h1><p>The makers of ${name} answer each review once, and this one has been answered.</p>`,
    ],
  };
  const [title, body] = words[r.reason];
  return [title, html`${body}${back}`];
}
