import { html, type SafeHtml } from './html.js';
import type { ListingSummary } from '../domain/listings/listing-summary.js';
import { isFeatured } from '../domain/listings/featured.js';
import { logoPath } from '../domain/images/image-addresses.js';
import { monogramHue, monogramLetters } from '../images/monogram.js';

/** Two letters standing in for a missing logo, on a colour picked from the name (stable per listing). */
export function monogram(name: string): SafeHtml {
  return html`<span class="monogram hue-${monogramHue(name)}" aria-hidden="true">${monogramLetters(name)}</span>`;
}

const LOGO_PX = { s: 32, m: 48, l: 72 } as const;

/**
 * A listing's logo, served from our origin (fetched once, resized; the monogram when it is broken),
 * never from the listing's own server; the monogram when it has none.
 */
export function logo(l: { id: number; name: string; logo_url: string | null }, size: 's' | 'm' | 'l' = 'm'): SafeHtml {
  const src = logoPath(l);
  const px = LOGO_PX[size];
  return src
    ? html`<img class="logo logo-${size}" src="${src}" alt="" width="${px}" height="${px}"${size !== 'l' ? html` loading="lazy"` : ''} decoding="async">`
    : html`<span class="logo logo-${size}">${monogram(l.name)}</span>`;
}

/**
 * ` lang="ja"` for an element holding a listing's own text (name, tagline, description), when its language is known:
 * screen readers and fonts then treat it as written, while the site's own words around it stay English.
 */
export const textLang = (l: { language: string | null }): SafeHtml | '' =>
  l.language ? html` lang="${l.language}"` : '';

/**
 * Voting from a card: signed-out visitors get a form that signs them in first (and comes back to
 * `next`, the vote kept through sign-in); signed-in ones a form posting to the vote route with its CSRF token, `voted` holding the
 * listings they already voted for on their current launch. A memoised page leaves the button to
 * be filled in per visitor (`deferred`, see personal-parts.ts).
 */
export type VoterState = { next: string } & (
  | { signedIn: false }
  | { signedIn: true; csrf: string; voted: ReadonlySet<number> }
);
export type CardVoting = VoterState | { deferred: (l: ListingSummary) => SafeHtml };

export interface CardOptions {
  now: Date;
  /** Vote buttons on live listings' cards; without it the count is shown as text. */
  voting?: CardVoting;
  /** A rank shown before the card (launch weeks, boards). */
  rank?: number;
  /** What the number on the right counts, when it is not all-time votes; `note`, shown under it, says where a figure comes from and when. */
  metric?: { value: string; label: string; note?: string };
}

/** A listing as a card: logo or monogram, name, tagline, category chip, paid/featured marks, votes. */
export function listingCard(l: ListingSummary, o: CardOptions): SafeHtml {
  const featured = isFeatured(l, o.now);
  return html`<li class="listing-card">
    ${o.rank ? html`<span class="rank" aria-label="Rank ${o.rank}">${o.rank}</span>` : ''}
    ${logo(l)}
    <div class="body">
      <h3 class="name"${textLang(l)}><a href="/p/${l.slug}">${l.name}</a></h3>
      <p class="tagline"${textLang(l)}>${l.tagline}</p>
      <p class="chips">${l.primary_category ? html`<a class="chip" href="/categories/${l.primary_category.slug}">${l.primary_category.name}</a>` : ''}
        ${featured ? html`<span class="chip featured" title="Paid placement">Featured</span>` : l.plan === 'paid' ? html`<span class="chip paid" title="Launched on the paid plan">Paid launch</span>` : ''}
        ${l.status === 'scheduled' && l.launch_week ? html`<span class="chip">Launches ${l.launch_week}</span>` : ''}</p>
    </div>
    ${
      !o.metric && o.voting && l.status === 'live'
        ? 'deferred' in o.voting
          ? o.voting.deferred(l)
          : cardVote(l, o.voting)
        : html`<div class="votes" title="${o.metric?.label ?? 'Community votes'}"><span aria-hidden="true">${o.metric ? '' : '▲ '}</span>${o.metric?.value ?? l.votes}<span class="sr-only"> ${o.metric?.label ?? 'votes'}</span>${o.metric?.note ? html`<span class="metric-note" aria-hidden="true">${o.metric.note}</span>` : ''}</div>`
    }
  </li>`;
}

/** The vote button of a live listing's card. */
export function cardVote(l: ListingSummary, v: VoterState): SafeHtml {
  const count = html`<span aria-hidden="true">▲</span> <span class="vote-count">${l.votes}</span>`;
  if (!v.signedIn) {
    // Kept through sign-in and cast after it (pending-actions.ts); no token on a page shared by every visitor.
    return html`<form class="votes-form" method="post" action="/p/${l.slug}/vote"><input type="hidden" name="next" value="${v.next}">
    <button class="votes card-vote" aria-pressed="false" title="Sign in to vote">${count}<span class="sr-only"> votes; sign in to vote for ${l.name}</span></button></form>`;
  }
  const voted = v.voted.has(l.id);
  return html`<form class="votes-form" method="post" action="/p/${l.slug}/${voted ? 'unvote' : 'vote'}" data-vote="${l.slug}">
    <input type="hidden" name="_csrf" value="${v.csrf}"><input type="hidden" name="next" value="${v.next}">
    <button class="votes card-vote${voted ? ' voted' : ''}" aria-pressed="${voted ? 'true' : 'false'}" title="${voted ? 'Take your vote back' : 'Upvote'}">${count}<span class="sr-only"> votes; upvote ${l.name}</span></button></form>`;
}

export function cardList(
  items: ListingSummary[],
  o: CardOptions & { ranked?: boolean; empty: string; offset?: number },
): SafeHtml {
  if (items.length === 0) return html`<p class="muted empty">${o.empty}</p>`;
  return html`<ol class="cards${o.ranked ? ' ranked' : ''}">${items.map((l, i) => listingCard(l, { ...o, rank: o.ranked ? (o.offset ?? 0) + i + 1 : undefined }))}</ol>`;
}

/** Previous / next links keeping the other query parameters; "Page 2 of 7". */
export function pagination(
  path: string,
  query: Record<string, string | undefined>,
  page: number,
  totalPages: number,
): SafeHtml {
  if (totalPages <= 1) return html``;
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '' && k !== 'page') q.set(k, v);
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return `${path}${s ? `?${s}` : ''}`;
  };
  const last = Math.min(totalPages, 1000);
  return html`<nav class="pagination" aria-label="Pages">
    ${page > 1 ? html`<a rel="prev" href="${href(page - 1)}">← Previous</a>` : html`<span></span>`}
    <span>Page ${page} of ${last}</span>
    ${page < last ? html`<a rel="next" href="${href(page + 1)}">Next →</a>` : html`<span></span>`}</nav>`;
}
