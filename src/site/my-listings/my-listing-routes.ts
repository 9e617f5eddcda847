import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { OwnedListing } from '../../domain/listings/listing-ownership.js';
import { listMyListings, myListingDetail } from '../../domain/my-listings/my-listing.js';
import { versionsOfListing } from '../../domain/my-listings/listing-versions.js';
import { allSites, companyListingsElsewhere } from '../../domain/my-listings/my-listing-repository.js';
import { STORY_PARTS } from '../../domain/my-listings/founder-story.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { listingFor } from './owned-listing-page.js';
import { readListingForm, readMilestoneForm } from './my-listing-form.js';
import { fieldErrorsOf, runOperation } from '../forms/run-form.js';
import {
  addMilestoneOperation,
  deleteMilestoneOperation,
  postListingUpdateOperation,
  setFounderStoryOperation,
  updateMyListingOperation,
} from '../../api/operations/my-listings.js';
import { firstValue } from '../forms/form-values.js';
import { editorView, myListingsView, type EditorOptions } from './my-listing-views.js';
import { reviewsHtml } from '../admin/profile-reviews.js';
import { profileReviewsOfListing } from '../../domain/orders/profile-review-repository.js';

type Form = Record<string, string | string[] | undefined>;
const PER_PAGE = 20;
const VERSIONS_SHOWN = 20;
const NOTICES: Record<string, string> = {
  saved: 'Your changes are published.',
  unchanged: 'Nothing had changed, so nothing was saved.',
  update: 'Your update is posted.',
  milestone: 'The milestone was added.',
  'milestone-deleted': 'The milestone was deleted.',
  story: 'Your story was saved.',
};

/**
 * The account area for listings (the site side of the "My listings" operations): my listings with
 * their next step, and one listing's editor — fields, socials, FAQs, apply_to, updates,
 * milestones, story and the version history — plus the founder interview, following listings and
 * the administrators' edit log.
 * The pages call the same domain functions as the API operations, after the same schema checks.
 */
export function registerMyListingRoutes(app: FastifyInstance, ctx: AppContext) {
  async function editorPage(
    reply: FastifyReply,
    user: User,
    listing: OwnedListing,
    opts: Partial<EditorOptions> = {},
    status = 200,
  ) {
    const [detail, versions, elsewhere, sites, reviews] = await Promise.all([
      myListingDetail(ctx, listing.id, user.id),
      versionsOfListing(ctx.db, listing.id, VERSIONS_SHOWN, 0),
      companyListingsElsewhere(ctx.db, listing.company_id, ctx.site.id),
      allSites(ctx.db),
      profileReviewsOfListing(ctx.db, listing.id),
    ]);
    const otherSites = sites.filter((s) => elsewhere.some((l) => l.site_id === s.id));
    return reply.page(
      `Edit ${detail.name}`,
      html`${editorView(detail, {
        csrf: reply.generateCsrf(),
        versions: versions.items,
        versionTotal: versions.total,
        otherSites,
        ...opts,
      })}${reviewsHtml(reviews)}`,
      status,
    );
  }

  const done = (reply: FastifyReply, id: number, what: string, anchor: string) =>
    reply.redirect(`/my/listings/${id}?done=${what}#${anchor}`, 303);

  app.get<{ Querystring: Form }>('/my/listings', async (req, reply) => {
    const user = signedInUserOf(req);
    const p = Number(firstValue(req.query.page) ?? 1);
    const pageNo = Number.isInteger(p) && p >= 1 && p <= 1000 ? p : 1;
    const r = await listMyListings(ctx, user.id, PER_PAGE, (pageNo - 1) * PER_PAGE);
    return reply.page('My listings', myListingsView(r.items, pageNo, Math.ceil(r.total / PER_PAGE)));
  });

  app.get<{ Params: { id: string }; Querystring: Form }>('/my/listings/:id', async (req, reply) => {
    const user = signedInUserOf(req);
    const listing = await listingFor(ctx, reply, user, req.params.id);
    if (!listing) return reply;
    return editorPage(reply, user, listing, { notice: NOTICES[firstValue(req.query.done) ?? ''] });
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const listing = await listingFor(ctx, reply, user, req.params.id);
      if (!listing) return reply;
      const form = readListingForm(req.body ?? {});
      const outcome = await runOperation(ctx, user, updateMyListingOperation, {
        params: { listing_id: listing.id },
        body: form.body,
      });
      if (!outcome.ok) {
        return editorPage(
          reply,
          user,
          listing,
          {
            listing: {
              errors: fieldErrorsOf(outcome),
              typed: form.typed,
              socialsTyped: form.socialsTyped,
              faqsTyped: form.faqsTyped,
              shown: form.shown,
              applyTo: form.body.apply_to ?? [],
            },
          },
          outcome.status,
        );
      }
      return done(reply, listing.id, outcome.value.changed.length ? 'saved' : 'unchanged', 'edit');
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/updates',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const listing = await listingFor(ctx, reply, user, req.params.id);
      if (!listing) return reply;
      const body = { title: firstValue(req.body?.title) ?? '', body: firstValue(req.body?.body) ?? '' };
      const outcome = await runOperation(ctx, user, postListingUpdateOperation, {
        params: { listing_id: listing.id },
        body,
      });
      if (!outcome.ok)
        return editorPage(
          reply,
          user,
          listing,
          { update: { errors: fieldErrorsOf(outcome), typed: body } },
          outcome.status,
        );
      return done(reply, listing.id, 'update', 'updates');
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/milestones',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const listing = await listingFor(ctx, reply, user, req.params.id);
      if (!listing) return reply;
      const milestone = readMilestoneForm(req.body ?? {});
      const outcome = await runOperation(ctx, user, addMilestoneOperation, {
        params: { listing_id: listing.id },
        body: milestone,
      });
      if (!outcome.ok) {
        const errors = fieldErrorsOf(outcome);
        return editorPage(reply, user, listing, { milestone: { errors, typed: milestone } }, outcome.status);
      }
      return done(reply, listing.id, 'milestone', 'milestones');
    },
  );

  app.post<{ Params: { id: string; mid: string } }>(
    '/my/listings/:id/milestones/:mid/delete',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const listing = await listingFor(ctx, reply, user, req.params.id);
      if (!listing) return reply;
      const outcome = await runOperation(
        ctx,
        user,
        deleteMilestoneOperation,
        { params: { listing_id: listing.id, milestone_id: req.params.mid } },
        { coerce: true },
      );
      // An address that cannot name a milestone is no milestone of this listing either.
      if (!outcome.ok && (outcome.status === 404 || outcome.status === 400)) {
        return reply.page(
          'Milestone not found',
          html`<h1>Milestone not found</h1><p>This listing has no such milestone. <a href="/my/listings/${listing.id}#milestones">Back to the listing</a></p>`,
          404,
        );
      }
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      return done(reply, listing.id, 'milestone-deleted', 'milestones');
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/my/listings/:id/story',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const listing = await listingFor(ctx, reply, user, req.params.id);
      if (!listing) return reply;
      const story = Object.fromEntries(STORY_PARTS.map((p) => [p, firstValue(req.body?.[p]) ?? '']));
      const outcome = await runOperation(ctx, user, setFounderStoryOperation, {
        params: { listing_id: listing.id },
        body: story,
      });
      if (!outcome.ok)
        return editorPage(
          reply,
          user,
          listing,
          { story: { errors: fieldErrorsOf(outcome), typed: story } },
          outcome.status,
        );
      return done(reply, listing.id, 'story', 'story');
    },
  );
}
