import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { HttpError } from '../../api/errors.js';
import { EMAIL_PATTERN, type User } from '../../domain/accounts/user-repository.js';
import { CLAIM_METHODS, type ClaimMethod } from '../../domain/claims/claim-instructions.js';
import { findClaimableListing, listClaims } from '../../domain/claims/claim-repository.js';
import { isListingOwner } from '../../domain/listings/listing-ownership.js';
import { claimView } from '../../domain/claims/claim-view.js';
import { claimListing } from '../../domain/claims/start-claim.js';
import { verifyClaim } from '../../domain/claims/verify-claim.js';
import { CONFIRM_EMAIL_FIRST } from '../../domain/claims/claim-access.js';
import { claimsListHtml, confirmEmailFirstHtml, newClaimForm } from './claim-views.js';
import { firstValue } from '../forms/form-values.js';

type Form = Record<string, string | string[] | undefined>;
const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
const PER_PAGE = 20;
/** Sign-in from the claim form comes back to the form of the same listing. */
const backToClaimForm = {
  signInNext: (req: FastifyRequest) =>
    `/claims/new?slug=${encodeURIComponent(String(firstValue((req.body as Form | undefined)?.slug) ?? ''))}`,
};

/**
 * Claiming a listing on the site (claim_listing, list_my_claims, verify_claim): the form reached
 * from a listing page and the list of your claims with what to publish and a Verify button (the
 * page an emailed claim link opens is in claim-link-routes.ts).
 */
export function registerClaimRoutes(app: FastifyInstance, ctx: AppContext) {
  const claimant = (u: User) => ({ userId: u.id, email: u.email });

  async function listPage(
    reply: FastifyReply,
    user: User,
    pageNo: number,
    opts: { notice?: string; error?: string } = {},
    status = 200,
  ) {
    const { items, total } = await listClaims(ctx.db, ctx.site.id, user.id, PER_PAGE, (pageNo - 1) * PER_PAGE);
    const now = ctx.now();
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    return reply.page(
      'Your claims',
      claimsListHtml(
        items.map((c) => claimView(c, now)),
        reply.generateCsrf(),
        { ...opts, page: pageNo, pages },
      ),
      status,
    );
  }

  // ---- My claims --------------------------------------------------------------------------------
  app.get<{ Querystring: Form }>('/claims', async (req, reply) => {
    const user = signedInUserOf(req);
    const n = Number(firstValue(req.query.page) ?? 1);
    const notice =
      firstValue(req.query.done) === 'started'
        ? 'Your claim is open. Publish what it asks for, then press Verify now.'
        : firstValue(req.query.done) === 'checked'
          ? 'Checked: the result is below.'
          : undefined;
    return listPage(reply, user, Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1, { notice });
  });

  app.post<{ Params: { id: string } }>('/claims/:id/verify', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = signedInUserOf(req);
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)
      return listPage(reply, user, 1, { error: 'There is no such claim.' }, 404);
    try {
      const claim = await verifyClaim(ctx, claimant(user), id);
      return reply.redirect(`/claims?done=checked#claim-${claim.id}`, 303);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status >= 500) throw err;
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return listPage(reply, user, 1, { error: err.message }, err.status);
    }
  });

  // ---- Start a claim ----------------------------------------------------------------------------
  // Claims need a confirmed email address (claimListing checks it too; this says so before the form).
  const confirmFirst = (reply: FastifyReply) =>
    reply.page('Confirm your email address first', confirmEmailFirstHtml(CONFIRM_EMAIL_FIRST), 403);

  app.get<{ Querystring: Form }>('/claims/new', async (req, reply) => {
    const slug = String(firstValue(req.query.slug) ?? '');
    const user = signedInUserOf(req);
    if (!user.email_verified_at) return confirmFirst(reply);
    const listing = SLUG.test(slug) ? await findClaimableListing(ctx.db, ctx.site.id, slug) : null;
    if (!listing)
      return reply.page(
        'Listing not found',
        html`<h1>Listing not found</h1><p>There is no listing to claim at this address. <a href="/">Back to launches</a></p>`,
        404,
      );
    if (await isListingOwner(ctx.db, listing.id, user.id))
      return reply.page(
        `Claim ${listing.name}`,
        html`<h1>You already own ${listing.name}</h1><p>There is nothing to claim. <a href="/p/${listing.slug}">Back to the listing</a></p>`,
        409,
      );
    return reply.page(`Claim ${listing.name}`, newClaimForm(listing, reply.generateCsrf()));
  });

  app.post<{ Body: Form }>(
    '/claims',
    { preHandler: app.csrfProtection, config: backToClaimForm },
    async (req, reply) => {
      const slug = String(firstValue(req.body?.slug) ?? '');
      const user = signedInUserOf(req);
      if (!user.email_verified_at) return confirmFirst(reply);
      const method = String(firstValue(req.body?.method) ?? '');
      const email = String(firstValue(req.body?.email) ?? '').trim();
      const listing = SLUG.test(slug) ? await findClaimableListing(ctx.db, ctx.site.id, slug) : null;
      if (!listing)
        return reply.page(
          'Listing not found',
          html`<h1>Listing not found</h1><p>There is no listing to claim at this address. <a href="/">Back to launches</a></p>`,
          404,
        );
      const refuse = (error: string, status = 400) =>
        reply.page(
          `Claim ${listing.name}`,
          newClaimForm(listing, reply.generateCsrf(), { method, email, error }),
          status,
        );
      if (!(CLAIM_METHODS as readonly string[]).includes(method))
        return refuse('Choose how you will prove the listing is yours.');
      if (method === 'email' && email && (email.length > 254 || !EMAIL_PATTERN.test(email)))
        return refuse('Email: enter a valid email address.');
      try {
        const claim = await claimListing(ctx, claimant(user), {
          slug,
          method: method as ClaimMethod,
          email: email || undefined,
        });
        return reply.redirect(`/claims?done=started#claim-${claim.id}`, 303);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status >= 500) throw err;
        for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
        const field = err.errors?.[0];
        return refuse(field ? `Email: ${field.message}.` : err.message, err.status);
      }
    },
  );
}
