import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import { html } from '../html.js';
import { loadOrRefuse } from '../not-yours-page.js';
import { signedInUserOf } from '../site-request.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { ownedListing } from '../../domain/listings/listing-ownership.js';
import { freeLaunchView } from '../../domain/free-queue/free-launch-view.js';
import { loadFreeLaunch } from '../../domain/free-queue/free-queue-repository.js';
import { freeLaunchPage } from './free-launch-page.js';
import { listProducts } from '../../domain/orders/products-view.js';
import { LAUNCH_EXTRAS, paidLaunchForm } from './paid-launch-form.js';
import { runOperation } from '../forms/run-form.js';
import { chooseFreeListingOperation } from '../../api/operations/my-listings.js';
import { createCheckoutOperation } from '../../api/operations/orders.js';
import { checkFreeLaunchBadgeOperation } from '../../api/operations/checkout.js';

type Params = { Params: { id: string }; Querystring: Record<string, string | undefined> };
/** Sign-in from the launch page's forms comes back to the launch page. */
const backToLaunchPage = {
  signInNext: (req: FastifyRequest) => `/my/listings/${(req.params as { id: string }).id}/launch`,
};

/** The owner's launch page: free plan, launch week, what is missing, the badge code, and a check on demand. */
export function registerFreeLaunchRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The signed-in owner and the listing id, or the 404 / 403 page already sent. */
  async function ownerOf(req: FastifyRequest<Params>, reply: FastifyReply): Promise<{ user: User; id: number } | null> {
    const user = signedInUserOf(req);
    const id = /^[1-9][0-9]{0,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
    const owned = await loadOrRefuse(
      reply,
      async () => {
        if (!id || id > 2_147_483_647) throw new HttpError(404, 'No such listing.');
        return ownedListing(ctx.db, ctx.site.id, id, user.id);
      },
      {
        notFound: {
          title: 'Listing not found',
          body: html`<h1>Listing not found</h1><p>There is no listing at this address. <a href="/account">Your account</a></p>`,
        },
        notYours: {
          title: 'Not your listing',
          body: html`<h1>This listing belongs to another account</h1><p>You are signed in as ${user.email}. <a href="/account">Your account</a></p>`,
        },
      },
    );
    return owned ? { user, id } : null;
  }

  async function launchPage(
    reply: FastifyReply,
    id: number,
    opts: { notice?: string; error?: string; paidError?: string } = {},
    status = 200,
  ) {
    const listing = await loadFreeLaunch(ctx.db, ctx.site.id, id);
    if (!listing) return reply.page('Listing not found', html`<h1>Listing not found</h1>`, 404);
    reply.header('Cache-Control', 'no-store');
    const csrf = reply.generateCsrf();
    // The paid plan is offered until the listing has a launch of its own (paid, or live).
    const paidOpen = listing.status !== 'live' && listing.plan !== 'paid';
    const paid = paidOpen
      ? paidLaunchForm(id, await listProducts(ctx), csrf, { error: opts.paidError, status: listing.status })
      : html``;
    const { paidError: _, ...freeOpts } = opts;
    return reply.page(
      `Launch ${listing.name}`,
      html`${freeLaunchPage(freeLaunchView(ctx, listing), { name: listing.name, csrf, publicUrl: ctx.config.publicUrl, exit: listing.free_queue_exit, ...freeOpts })}${paid}`,
      status,
    );
  }

  app.get<Params>('/my/listings/:id/launch', async (req, reply) => {
    const owner = await ownerOf(req, reply);
    if (!owner) return reply;
    const q = req.query;
    const notice = q.queued
      ? 'Your listing is in the free queue. Paste the badge on your homepage; we check it within minutes, then every 6 hours.'
      : q.checked
        ? 'We just checked your homepage; the result is below.'
        : q.recent
          ? 'We checked your homepage less than a minute ago; the result is below.'
          : undefined;
    return launchPage(reply, owner.id, { notice });
  });

  app.post<Params>(
    '/my/listings/:id/launch/free',
    { preHandler: app.csrfProtection, config: backToLaunchPage },
    async (req, reply) => {
      const owner = await ownerOf(req, reply);
      if (!owner) return reply;
      const params = { listing_id: owner.id };
      const outcome = await runOperation(ctx, owner.user, chooseFreeListingOperation, { params });
      if (!outcome.ok) {
        if (outcome.status !== 409) throw new HttpError(outcome.status, outcome.message);
        return launchPage(reply, owner.id, { error: outcome.message }, 409);
      }
      return reply.redirect(`/my/listings/${owner.id}/launch?queued=1`, 303);
    },
  );

  app.post<Params & { Body: Record<string, string | string[] | undefined> }>(
    '/my/listings/:id/launch/paid',
    { preHandler: app.csrfProtection, config: backToLaunchPage },
    async (req, reply) => {
      const owner = await ownerOf(req, reply);
      if (!owner) return reply;
      const body = req.body ?? {};
      const week = typeof body.week === 'string' && body.week ? body.week : undefined;
      const extras = ([] as string[])
        .concat(body.extras ?? [])
        .filter((e): e is (typeof LAUNCH_EXTRAS)[number] => (LAUNCH_EXTRAS as readonly string[]).includes(e));
      const items = [
        { product: 'launch', listing_id: owner.id, ...(week ? { week } : {}) },
        ...[...new Set(extras)].map((product) => ({ product, listing_id: owner.id })),
      ];
      const outcome = await runOperation(ctx, owner.user, createCheckoutOperation, { body: { items } });
      if (outcome.ok) return reply.redirect(`/checkout/${outcome.value.number}`, 303);
      const why = outcome.errors.length ? outcome.errors.map((e) => e.message).join('; ') : outcome.message;
      return launchPage(reply, owner.id, { paidError: why }, outcome.status);
    },
  );

  app.post<Params>(
    '/my/listings/:id/launch/check',
    { preHandler: app.csrfProtection, config: backToLaunchPage },
    async (req, reply) => {
      const owner = await ownerOf(req, reply);
      if (!owner) return reply;
      const params = { listing_id: owner.id };
      const outcome = await runOperation(ctx, owner.user, checkFreeLaunchBadgeOperation, { params });
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      const result = outcome.value.result;
      const query = result === 'checked' ? '?checked=1' : result === 'recent' ? '?recent=1' : '';
      return reply.redirect(`/my/listings/${owner.id}/launch${query}`, 303);
    },
  );
}
