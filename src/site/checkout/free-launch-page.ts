import { html, raw, type SafeHtml } from '../html.js';
import { utcMinute, type FreeLaunchView } from '../../domain/free-queue/free-launch-view.js';
import type { FreeQueueExit } from '../../domain/free-queue/free-queue-repository.js';
import { MAX_WEEK_MOVES } from '../../domain/free-queue/launch-window.js';

export interface FreeLaunchPageOptions {
  name: string;
  csrf: string;
  publicUrl: string;
  notice?: string;
  error?: string;
  /** Why a draft was taken out of the free queue (listings.free_queue_exit), when it was. */
  exit?: FreeQueueExit | null;
}

/** What happens if the badge is still missing when the week begins: a move while moves are left, then back to draft. */
function ifMissed(v: FreeLaunchView): string {
  const left = Math.max(0, MAX_WEEK_MOVES - v.launch_week_moves.length);
  return left > 0
    ? `without it by that Monday, the launch moves to a later week (${left === MAX_WEEK_MOVES ? `at most ${left} times` : `${left} more time${left === 1 ? '' : 's'} at most`}), then the listing leaves the free queue and is a draft again`
    : 'without it by that Monday, the listing leaves the free queue and is a draft again (its launch has already moved twice)';
}

function statusLine(v: FreeLaunchView): SafeHtml {
  switch (v.status) {
    case 'draft':
      return html`Saved, <strong>not published</strong>. Launch it for free below, or with a paid order.`;
    case 'awaiting_badge':
      return html`In the free queue for the week of <strong>${v.launch_week}</strong>, <strong>waiting for our badge</strong> on your homepage. It is scheduled as soon as we find it; ${ifMissed(v)}.`;
    case 'scheduled':
      return html`<strong>Scheduled</strong>: it goes live on Monday ${v.launch_week}.`;
    case 'live':
      return html`<strong>Live</strong>.`;
    default:
      return html`Status: <strong>${v.status}</strong>.`;
  }
}

/** The launch page of one listing: where it stands, what is missing, and the exact code to paste. */
export function freeLaunchPage(v: FreeLaunchView, o: FreeLaunchPageOptions): SafeHtml {
  const action = `/my/listings/${v.listing_id}/launch`;
  const csrfInput = html`<input type="hidden" name="_csrf" value="${o.csrf}">`;
  const check = v.last_badge_check;
  const exit = v.status === 'draft' ? (o.exit ?? null) : null;
  // The exit notice says it already; the list keeps what else is missing.
  const missing = exit ? v.missing.filter((m) => !m.includes(exit.reason)) : v.missing;
  return html`
    <h1>Launch ${o.name}</h1>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    ${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}
    <p data-status="${v.status}">${statusLine(v)}</p>
    ${exit ? html`<div class="notice free-queue-exit" role="status"><p>${exit.reason}</p></div>` : ''}
    <dl>
      <dt>Status</dt><dd><code>${v.status}</code>${v.plan ? html` · ${v.plan} plan` : ''}</dd>
      <dt>Launch week</dt><dd>${v.launch_week ? html`week of ${v.launch_week} (Monday to Sunday, UTC)` : 'not chosen yet'}</dd>
      ${v.status === 'live' || v.status === 'scheduled' ? html`<dt>Listing page</dt><dd><a href="/p/${v.slug}">${o.publicUrl}/p/${v.slug}</a></dd>` : ''}
    </dl>
    ${missing.length ? html`<h2>Still missing</h2><ul class="missing">${missing.map((m) => html`<li>${m}</li>`)}</ul>` : ''}
    ${
      v.status === 'draft'
        ? html`
      <form method="post" action="${action}/free">${csrfInput}
        <p>The free plan puts your listing in a launch week 6–8 weeks from now. It goes live that week once our badge is on your homepage.</p>
        <button type="submit">${exit ? 'Launch for free again' : 'Launch for free'}</button>
      </form>`
        : ''
    }
    <h2>Our badge for your homepage</h2>
    <p>Paste this HTML on your homepage. We look for the badge image or a link to <code>${v.badge_link_url}</code>.</p>
    <pre><code id="badge-embed">${v.badge_embed_html}</code></pre>
    ${v.status !== 'draft' ? html`<p>It looks like this: ${raw(v.badge_embed_html)}</p>` : ''}
    ${check ? html`<p class="muted">Last checked ${utcMinute(check.checked_at)} on <code>${check.final_url ?? check.url}</code>: ${check.detail}.</p>` : ''}
    ${
      v.status === 'awaiting_badge'
        ? html`
      <form method="post" action="${action}/check">${csrfInput}
        <button type="submit" class="secondary">Check my homepage now</button>
      </form>`
        : ''
    }
    ${v.launch_week_moves.length ? html`<h2>Moved launch weeks</h2><ul>${v.launch_week_moves.map((m) => html`<li>${m.from} → ${m.to} (${utcMinute(m.at)}): ${m.reason}</li>`)}</ul>` : ''}
    <p><a href="/account">Your account</a></p>`;
}
