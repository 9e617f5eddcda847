import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { findClaimableListing, listClaims } from '../../domain/claims/claim-repository.js';
import { isListingOwner } from '../../domain/listings/listing-ownership.js';
import { claimView } from '../../domain/claims/claim-view.js';
import { CONFIRM_EMAIL_FIRST } from '../../domain/claims/claim-access.js';
import { claimsListHtml, confirmEmailFirstHtml, newClaimForm } from './claim-views.js';
import { firstValue } from '../forms/form-values.js';
import { runForm, runOperation } from '../forms/run-form.js';
import { claimListingOperation, verifyClaimOperation } from '../../api/operations/claims.js';

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
    const outcome = await runOperation(
      ctx,
      user,
      verifyClaimOperation,
      { params: { claim_id: req.params.id } },
      { coerce: true },
    );
    if (outcome.ok) return reply.redirect(`/claims?done=checked#claim-${outcome.value.id}`, 303);
    // An address that cannot name a claim names no claim of yours either.
    if (outcome.invalidInput) return listPage(reply, user, 1, { error: 'There is no such claim.' }, 404);
    reply.headers(outcome.headers);
    return listPage(reply, user, 1, { error: outcome.message }, outcome.status);
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
      // The email box is for the email method only: another method's claim leaves what it holds aside.
      const form = { ...req.body, email: method === 'email' ? req.body?.email : undefined };
      const outcome = await runForm(ctx, user, claimListingOperation, form);
      if (outcome.ok) return reply.redirect(`/claims?done=started#claim-${outcome.value.id}`, 303);
      // The schema's refusals read as what to do; the domain's name the address it refused, or say why.
      const error = outcome.invalidInput
        ? outcome.fields.method
          ? 'Choose how you will prove the listing is yours.'
          : 'Email: enter a valid email address.'
        : outcome.errors[0]
          ? `Email: ${outcome.errors[0].message}.`
          : outcome.message;
      reply.headers(outcome.headers);
      return reply.page(
        `Claim ${listing.name}`,
        newClaimForm(listing, reply.generateCsrf(), { method, email, error }),
        outcome.status,
      );
    },
  );
}
