import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { OwnedListing } from '../../domain/listings/listing-ownership.js';
import { HttpError } from '../../api/errors.js';
import { companyName } from '../../domain/listings/listing-repository.js';
import {
  connectionOfCompany,
  isRevenueHidden,
  latestFigure,
  type RevenueConnection,
  type RevenueFigure,
} from '../../domain/revenue/revenue-repository.js';
import { html, type SafeHtml } from '../html.js';
import { revenueFigureLabel } from '../revenue-figure.js';
import { firstValue } from '../forms/form-values.js';
import { runForm, runOperation } from '../forms/run-form.js';
import {
  connectRevenueOperation,
  disconnectRevenueOperation,
  setRevenueVisibilityOperation,
  stateMrrOperation,
} from '../../api/operations/revenue.js';
import { signedInUserOf } from '../site-request.js';
import { listingFor } from './owned-listing-page.js';

type Form = Record<string, string | string[] | undefined>;

const NOTICES: Record<string, string> = {
  connected: 'Stripe is connected. Its figure is checked again every day.',
  disconnected: 'Stripe is disconnected and the key deleted. Figures already verified stay.',
  stated: 'Your figure is saved, labelled self-reported.',
  'stated-verified': 'This month already has a verified figure from Stripe, which stays.',
  hidden: 'Revenue is hidden from the listing page and the revenue board.',
  shown: 'Revenue is shown on the listing page and the revenue board.',
};

interface RevenueView {
  listing: OwnedListing;
  name: string;
  csrf: string;
  connection: RevenueConnection | null;
  figure: RevenueFigure | null;
  hidden: boolean;
  notice?: string;
  error?: string;
}

function revenueView(v: RevenueView): SafeHtml {
  const base = `/my/listings/${v.listing.id}/revenue`;
  const c = v.connection;
  return html`<p><a href="/my/listings/${v.listing.id}">← ${v.name}</a></p>
    <h1>Revenue of ${v.name}</h1>
    ${v.notice ? html`<p class="notice" role="status">${v.notice}</p>` : ''}
    ${v.error ? html`<p class="error" role="alert">${v.error}</p>` : ''}
    <h2>Latest figure</h2>
    <p>${v.figure ? revenueFigureLabel(v.figure) : html`<span class="muted">No figure yet.</span>`}</p>
    <h2 id="stripe">Stripe</h2>
    ${
      c
        ? html`<p>Connected with the restricted key ending in …${c.key_hint} ·
        ${c.status === 'ok' ? html`<strong>working</strong>` : html`<strong>broken</strong>: connect a new key`}
        ${c.last_checked_at ? html` · last checked ${c.last_checked_at.slice(0, 16).replace('T', ' ')} UTC` : ''}</p>
      ${c.last_error ? html`<p class="error">${c.last_error}</p>` : ''}
      <form method="post" action="${base}/disconnect"><input type="hidden" name="_csrf" value="${v.csrf}">
        <button class="secondary">Disconnect and delete the key</button></form>`
        : html`<p class="muted">Not connected.</p>`
    }
    <form id="connect" method="post" action="${base}/connect">
      <input type="hidden" name="_csrf" value="${v.csrf}">
      <p class="small">Create a <strong>restricted key</strong> in the Stripe dashboard (Developers → API keys → Create restricted key) with <em>Read</em> access to <em>Subscriptions</em> and nothing else. It can read your subscriptions and cannot charge, refund or change anything. We store it encrypted, never show it again, and delete it when you disconnect.</p>
      <label for="key">Restricted key (rk_live_… or rk_test_…)</label>
      <input id="key" name="key" type="password" autocomplete="off" spellcheck="false" required>
      <button>${c ? 'Replace the key' : 'Connect Stripe'}</button>
    </form>
    <h2 id="self-reported">State MRR yourself</h2>
    <form id="state" method="post" action="${base}/self-reported">
      <input type="hidden" name="_csrf" value="${v.csrf}">
      <p class="small">A stated figure is shown labelled <em>self-reported</em>; it never replaces a verified figure of the same month.</p>
      <label for="mrr">MRR this month, in US dollars</label>
      <input id="mrr" name="mrr" inputmode="decimal" required>
      <button>Save as self-reported</button>
    </form>
    <h2 id="visibility">Show revenue</h2>
    <form id="visibility-form" method="post" action="${base}/visibility">
      <input type="hidden" name="_csrf" value="${v.csrf}">
      <input type="hidden" name="hidden" value="${v.hidden ? '0' : '1'}">
      <p>${v.hidden ? 'Revenue is hidden from the listing page and the revenue board.' : 'Revenue is shown on the listing page and the revenue board.'}</p>
      <button class="secondary">${v.hidden ? 'Show revenue' : 'Hide revenue'}</button>
    </form>`;
}

/** Stripe unreachable (502) or no SECRETS_KEY (503): nothing was stored, and the page says so with that status. */
function shownFailure(err: unknown): { ok: false; status: number; message: string } {
  if (!(err instanceof HttpError)) throw err;
  return { ok: false, status: err.status, message: err.message };
}

/**
 * /my/listings/:id/revenue: connect a read-only Stripe key (tried once; refused keys store nothing),
 * see its status and the latest figure, disconnect, state MRR by hand, hide revenue. Owners and
 * co-founders only (`listingFor` sends the 403/404 page otherwise).
 */
export function registerRevenueRoutes(app: FastifyInstance, ctx: AppContext) {
  async function show(
    reply: FastifyReply,
    listing: OwnedListing,
    extra: { notice?: string; error?: string } = {},
    status = 200,
  ) {
    const [connection, figure, hidden, name] = await Promise.all([
      connectionOfCompany(ctx.db, listing.company_id),
      latestFigure(ctx.db, listing.company_id),
      isRevenueHidden(ctx.db, listing.id),
      companyName(ctx.db, listing.company_id),
    ]);
    return reply.page(
      `Revenue of ${name ?? listing.slug}`,
      revenueView({
        listing,
        name: name ?? listing.slug,
        csrf: reply.generateCsrf(),
        connection,
        figure,
        hidden,
        ...extra,
      }),
      status,
    );
  }
  const back = (reply: FastifyReply, listing: OwnedListing, what: string) =>
    reply.redirect(`/my/listings/${listing.id}/revenue?done=${what}`, 303);
  /** A refused write is shown on the page with its status. */
  const refused = (reply: FastifyReply, listing: OwnedListing, r: { status: number; message: string }) =>
    show(reply, listing, { error: r.message }, r.status);
  const owned = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = signedInUserOf(req);
    const listing = await listingFor(ctx, reply, user, req.params.id);
    return listing ? { user, listing } : null;
  };

  app.get<{ Params: { id: string }; Querystring: Form }>('/my/listings/:id/revenue', async (req, reply) => {
    const o = await owned(req, reply);
    if (!o) return reply;
    return show(reply, o.listing, { notice: NOTICES[firstValue(req.query.done) ?? ''] });
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/revenue/connect',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      // A currency without a rate still connects; the page shows the connection's note saying which.
      const r = await runForm(ctx, o.user, connectRevenueOperation, req.body, { listing_id: o.listing.id }).catch(
        shownFailure,
      );
      return r.ok ? back(reply, o.listing, 'connected') : refused(reply, o.listing, r);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/my/listings/:id/revenue/disconnect',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      const r = await runForm(ctx, o.user, disconnectRevenueOperation, undefined, { listing_id: o.listing.id });
      return r.ok ? back(reply, o.listing, 'disconnected') : refused(reply, o.listing, r);
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/revenue/self-reported',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      // People type "$1,250.50": the page drops what is only formatting, the operation checks the amount.
      const mrr = (firstValue(req.body?.mrr) ?? '').replace(/[$,\s]/g, '');
      const r = await runOperation(ctx, o.user, stateMrrOperation, {
        params: { listing_id: o.listing.id },
        body: { mrr },
      });
      if (r.ok) return back(reply, o.listing, r.value.stored ? 'stated' : 'stated-verified');
      if (r.invalidInput)
        return show(reply, o.listing, { error: 'Give MRR as an amount of US dollars, such as 1250 or 1250.50.' }, 400);
      return refused(reply, o.listing, r);
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/revenue/visibility',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      const body = { hidden: firstValue(req.body?.hidden) === '1' };
      const r = await runOperation(ctx, o.user, setRevenueVisibilityOperation, {
        params: { listing_id: o.listing.id },
        body,
      });
      if (!r.ok) return refused(reply, o.listing, r);
      return back(reply, o.listing, r.value.hidden ? 'hidden' : 'shown');
    },
  );
}
