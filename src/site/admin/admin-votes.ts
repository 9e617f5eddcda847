import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import {
  CLUSTER_MIN_FRESH_ACCOUNTS,
  CLUSTER_MIN_FROM_ONE_ADDRESS,
  CLUSTER_WINDOW_MINUTES,
  FRESH_ACCOUNT_HOURS,
  suspiciousVoteClusters,
  votesOfListing,
} from '../../domain/votes/votes.js';
import { html } from '../html.js';
import { adminOf, adminPageSender, flash } from './admin-guard.js';
import { reasonField } from './admin-moderation.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import { voidVotesOperation } from '../../api/operations/admin/index.js';
const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
const when = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * /admin/votes: suspicious patterns (many votes for one listing from one address, or from
 * accounts only hours old, within the same few minutes), one listing's votes with who cast them,
 * and voiding chosen votes with a reason — every board, ranking and the award job then leave
 * them out.
 */
export function registerAdminVoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = adminPageSender(ctx);

  async function show(
    reply: FastifyReply,
    user: User,
    listingSlug: string,
    o: { notice?: string; error?: string } = {},
    status = 200,
  ) {
    const [clusters, listing] = await Promise.all([
      suspiciousVoteClusters(ctx.db, ctx.site.id, ctx.now()),
      SLUG.test(listingSlug) ? votesOfListing(ctx.db, ctx.site.id, listingSlug) : Promise.resolve(null),
    ]);
    const csrf = html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
    return page(
      reply,
      user,
      '/admin/votes',
      'Votes',
      html`<h1>Votes</h1>${flash(o)}
      <section aria-labelledby="clusters-h"><h2 id="clusters-h">Suspicious patterns, last 14 days</h2>
        <p class="muted">Shown when ${CLUSTER_MIN_FROM_ONE_ADDRESS} or more votes for one listing came from one address, or ${CLUSTER_MIN_FRESH_ACCOUNTS} or more from accounts under ${FRESH_ACCOUNT_HOURS} hours old, within the same ${CLUSTER_WINDOW_MINUTES} minutes. Voided votes are left out.</p>
        ${
          clusters.length === 0
            ? html`<p class="muted">Nothing suspicious.</p>`
            : html`<ol class="plain moderation-queue">${clusters.map(
                (c, i) => html`<li class="card moderation-item">
          <p><strong><a href="/admin/votes?listing=${c.listing.slug}">${c.listing.name}</a></strong> — ${c.votes} votes ${c.kind === 'address' ? html`from <code>${c.ip}</code>` : html`from accounts under ${FRESH_ACCOUNT_HOURS} h old`}
            <span class="muted">between ${when(c.first_at)} and ${when(c.last_at)}</span></p>
          <form method="post" action="/admin/votes/void" class="inline">${csrf}<input type="hidden" name="listing" value="${c.listing.slug}">
            ${c.vote_ids.map((id) => html`<input type="hidden" name="vote" value="${id}">`)}
            ${reasonField(`cluster-reason-${i}`)}<button type="submit" class="danger">Void these ${c.votes} votes</button></form></li>`,
              )}</ol>`
        }
      </section>
      <section aria-labelledby="listing-h"><h2 id="listing-h">One listing's votes</h2>
        <form method="get" action="/admin/votes" class="search-form"><div class="field"><label for="v-listing">Listing slug</label><input id="v-listing" name="listing" value="${listingSlug}" maxlength="220" required></div><button type="submit">Show votes</button></form>
        ${listingSlug && !listing ? html`<p class="error" role="alert">No listing has the slug ${listingSlug}.</p>` : ''}
        ${
          listing
            ? html`<p><a href="/p/${listing.listing.slug}">${listing.listing.name}</a>: ${listing.listing.votes} counted ${listing.listing.votes === 1 ? 'vote' : 'votes'}. The latest ${listing.votes.length} ${listing.votes.length === 1 ? 'vote' : 'votes'}:</p>
          <form method="post" action="/admin/votes/void">${csrf}<input type="hidden" name="listing" value="${listing.listing.slug}">
          <table class="stack"><caption class="sr-only">Votes for ${listing.listing.name}</caption><thead><tr><th scope="col">Void</th><th scope="col">Voter</th><th scope="col">Account since</th><th scope="col">Address</th><th scope="col">Cast</th><th scope="col">State</th></tr></thead><tbody>
          ${listing.votes.map(
            (
              v,
            ) => html`<tr><td data-label="Void">${v.voided_at ? '' : html`<input type="checkbox" name="vote" value="${v.id}" id="vote-${v.id}" aria-label="Void vote ${v.id} by ${v.user_email}">`}</td>
            <td data-label="Voter">${v.user_email}</td><td data-label="Account since">${when(v.user_created_at)}</td><td data-label="Address">${v.ip ?? ''}</td><td data-label="Cast">${when(v.created_at)}</td>
            <td data-label="State">${v.voided_at ? html`voided: ${v.voided_reason ?? ''}` : v.held_until ? html`held until ${when(v.held_until)}` : v.counted ? 'counted' : 'not counted (an owner)'}</td></tr>`,
          )}</tbody></table>
          <p>${reasonField('listing-void-reason')} <button type="submit" class="danger">Void the chosen votes</button></p></form>`
            : ''
        }
      </section>`,
      status,
    );
  }

  app.get<{ Querystring: Record<string, string | undefined> }>('/admin/votes', async (req, reply) => {
    const user = adminOf(req);
    return show(reply, user, (req.query.listing ?? '').trim().slice(0, 220));
  });

  app.post<{ Body: PostedForm }>('/admin/votes/void', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const listingSlug = firstText(req.body?.listing).slice(0, 220);
    const r = await runForm(ctx, user, voidVotesOperation, req.body);
    if (!r.ok) return show(reply, user, listingSlug, { error: r.message }, r.status);
    return show(reply, user, listingSlug, { notice: r.value.message });
  });
}
