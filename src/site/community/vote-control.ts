import { html, type SafeHtml } from '../html.js';

/**
 * The vote button of a live listing: a form POST with its CSRF token (works without JavaScript);
 * /assets/vote-*.js turns it into an in-place toggle. Signed-out visitors get a link to sign in
 * that brings them back. Scheduled listings show their count but take no votes yet.
 */
export function voteControl(
  listing: { slug: string; votes: number; status: string },
  state: { csrf: string; voted: boolean } | null,
): SafeHtml {
  const count = html`<span class="vote-count">${listing.votes}</span><span class="sr-only"> votes</span>`;
  if (listing.status !== 'live') return html`<p class="vote-box"><span class="vote-static">▲ ${count}</span></p>`;
  if (!state) {
    // A form with no token (the page is rendered once for every signed-out visitor): the vote is
    // kept through sign-in and cast after it (pending-actions.ts).
    return html`<form class="vote-box" method="post" action="/p/${listing.slug}/vote">
    <button class="vote" aria-pressed="false"><span aria-hidden="true">▲</span> <span class="vote-label">Upvote</span> · ${count}</button>
    <span class="small muted">Sign in to vote; your vote is cast once you are in.</span></form>`;
  }
  return html`<form class="vote-box" method="post" action="/p/${listing.slug}/${state.voted ? 'unvote' : 'vote'}" data-vote="${listing.slug}">
    <input type="hidden" name="_csrf" value="${state.csrf}">
    <button class="vote${state.voted ? ' voted' : ''}" aria-pressed="${state.voted ? 'true' : 'false'}"><span aria-hidden="true">▲</span> <span class="vote-label">${state.voted ? 'Upvoted' : 'Upvote'}</span> · ${count}</button>
    <span class="small muted vote-hint" role="status">${state.voted ? 'Press again to take your vote back.' : ''}</span></form>`;
}
