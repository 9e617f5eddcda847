import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { pageSender, signedInUser } from '../account/account-pages.js';
import { currentUser } from '../session.js';
import { HttpError } from '../../api/errors.js';
import { EMAIL_PATTERN, type User } from '../../domain/accounts/user-repository.js';
import { CLAIM_METHODS, type ClaimMethod } from '../../domain/claims/claim-instructions.js';
import { findClaimableListing, listClaims } from '../../domain/claims/claim-repository.js';
import { isListingOwner } from '../../domain/listings/listing-ownership.js';
import { claimView } from '../../domain/claims/claim-view.js';
import { claimListing } from '../../domain/claims/start-claim.js';
import { verifyClaim } from '../../domain/claims/verify-claim.js';
import { confirmClaimLink, findClaimLink } from '../../domain/claims/claim-email.js';
import { CONFIRM_EMAIL_FIRST } from '../../domain/claims/claim-access.js';
import { claimsListHtml, confirmEmailFirstHtml, confirmLinkHtml, newClaimForm } from './claim-views.js';
import { firstValue } from '../forms/form-values.js';

type Form = Record<string, string | string[] | undefined>;
const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
const LINK_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const PER_PAGE = 20;

/**
 * Claiming a listing on the site (claim_listing, list_my_claims, verify_claim): the form reached
 * from a listing page, the list of your claims with what to publish and a Verify button, and the
 * page an emailed claim link opens. That page shows a Confirm button and only the POST verifies:
 * mail scanners and link previews fetch links, and a bare GET must not hand a listing over.
 */
export function registerClaimRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = pageSender(ctx);
  const requireUser = signedInUser(ctx);
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
    return page(
      reply,
      user,
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
    const user = await requireUser(req, reply, '/claims');
    if (!user) return reply;
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
    const user = await requireUser(req, reply, '/claims');
    if (!user) return reply;
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
  const confirmFirst = (reply: FastifyReply, user: User) =>
    page(reply, user, 'Confirm your email address first', confirmEmailFirstHtml(CONFIRM_EMAIL_FIRST), 403);

  app.get<{ Querystring: Form }>('/claims/new', async (req, reply) => {
    const slug = String(firstValue(req.query.slug) ?? '');
    const user = await requireUser(req, reply, `/claims/new?slug=${encodeURIComponent(slug)}`);
    if (!user) return reply;
    if (!user.email_verified_at) return confirmFirst(reply, user);
    const listing = SLUG.test(slug) ? await findClaimableListing(ctx.db, ctx.site.id, slug) : null;
    if (!listing)
      return page(
        reply,
        user,
        'Listing not found',
        html`<h1>Listing not found</h1><p>There is no listing to claim at this address. <a href="/">Back to launches</a></p>`,
        404,
      );
    if (await isListingOwner(ctx.db, listing.id, user.id))
      return page(
        reply,
        user,
        `Claim ${listing.name}`,
        html`<h1>You already own ${listing.name}</h1><p>There is nothing to claim. <a href="/p/${listing.slug}">Back to the listing</a></p>`,
        409,
      );
    return page(reply, user, `Claim ${listing.name}`, newClaimForm(listing, reply.generateCsrf()));
  });

  app.post<{ Body: Form }>('/claims', { preHandler: app.csrfProtection }, async (req, reply) => {
    const slug = String(firstValue(req.body?.slug) ?? '');
    const user = await requireUser(req, reply, `/claims/new?slug=${encodeURIComponent(slug)}`);
    if (!user) return reply;
    if (!user.email_verified_at) return confirmFirst(reply, user);
    const method = String(firstValue(req.body?.method) ?? '');
    const email = String(firstValue(req.body?.email) ?? '').trim();
    const listing = SLUG.test(slug) ? await findClaimableListing(ctx.db, ctx.site.id, slug) : null;
    if (!listing)
      return page(
        reply,
        user,
        'Listing not found',
        html`<h1>Listing not found</h1><p>There is no listing to claim at this address. <a href="/">Back to launches</a></p>`,
        404,
      );
    const refuse = (error: string, status = 400) =>
      page(
        reply,
        user,
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
  });

  // ---- The emailed link -------------------------------------------------------------------------
  const invalidLink = (reply: FastifyReply, user: User | null, message: string, status: number) =>
    page(
      reply,
      user,
      'Claim link',
      html`<h1>This link cannot be used</h1><p>${message}</p><p><a href="/">Back to launches</a></p>`,
      status,
    );

  app.get<{ Querystring: Form }>('/claims/verify-email', async (req, reply) => {
    const user = await currentUser(ctx, req);
    const token = String(firstValue(req.query.token) ?? '');
    const link = LINK_TOKEN.test(token) ? await findClaimLink(ctx, token) : null;
    if (!link)
      return invalidLink(
        reply,
        user,
        'This confirmation link is not valid any more: it was already used, it expired, or a newer link replaced it.',
        404,
      );
    if ('error' in link) return invalidLink(reply, user, link.error, 409);
    // The token is in the URL: keep it out of Referer headers sent to linked sites.
    reply.header('Referrer-Policy', 'no-referrer');
    return page(
      reply,
      user,
      `Confirm the claim of ${link.claim.listing_name}`,
      confirmLinkHtml(link.claim, link.claimantEmail, token, reply.generateCsrf()),
    );
  });

  app.post<{ Body: Form }>('/claims/verify-email', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = await currentUser(ctx, req);
    const token = String(firstValue(req.body?.token) ?? '');
    const result = LINK_TOKEN.test(token)
      ? await confirmClaimLink(ctx, token)
      : { error: 'This confirmation link is not valid.' };
    if ('error' in result) return invalidLink(reply, user, result.error, 400);
    const c = result.claim;
    return page(
      reply,
      user,
      'Claim confirmed',
      html`<h1>Claim confirmed</h1>
      <p>The claim of <a href="/p/${c.slug}">${c.listing_name}</a> is verified: the account that asked is now its owner, and the listing shows "Verified owner". Verified is not the same as paid.</p>`,
    );
  });
}
