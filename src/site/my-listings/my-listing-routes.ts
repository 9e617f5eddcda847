import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError, type FieldError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { OwnedListing } from '../../domain/listings/listing-ownership.js';
import { listMyListings, myListingDetail } from '../../domain/my-listings/my-listing.js';
import { editMyListing } from '../../domain/my-listings/edit-listing.js';
import { versionsOfListing } from '../../domain/my-listings/listing-versions.js';
import { allSites, companyListingsElsewhere } from '../../domain/my-listings/my-listing-repository.js';
import { postListingUpdate } from '../../domain/my-listings/listing-updates.js';
import { addMilestone, deleteMilestone } from '../../domain/my-listings/milestones.js';
import { setFounderStory, STORY_PARTS } from '../../domain/my-listings/founder-story.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { listingFor } from './owned-listing-page.js';
import { bodyErrors, readListingForm, readMilestoneForm } from './my-listing-form.js';
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

  /** Runs a write; a 400 with field errors comes back as those errors (the page shows them by the inputs). */
  async function attempt(run: () => Promise<unknown>): Promise<FieldError[] | null> {
    try {
      await run();
      return null;
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) return err.errors ?? [{ path: '', message: err.message }];
      throw err;
    }
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
      let changed = 0;
      const errors = bodyErrors('update_my_listing', form.body);
      const refused = errors.length
        ? errors
        : await attempt(async () => {
            changed = (await editMyListing(ctx, listing, user.id, form.body)).changed.length;
          });
      if (refused) {
        return editorPage(
          reply,
          user,
          listing,
          {
            listing: {
              errors: refused,
              typed: form.typed,
              socialsTyped: form.socialsTyped,
              faqsTyped: form.faqsTyped,
              shown: form.shown,
              applyTo: form.body.apply_to ?? [],
            },
          },
          400,
        );
      }
      return done(reply, listing.id, changed ? 'saved' : 'unchanged', 'edit');
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
      const errors = bodyErrors('post_listing_update', body);
      const refused = errors.length ? errors : await attempt(() => postListingUpdate(ctx, listing, user.id, body));
      if (refused) return editorPage(reply, user, listing, { update: { errors: refused, typed: body } }, 400);
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
      const errors = bodyErrors('add_milestone', milestone);
      const refused = errors.length
        ? errors
        : await attempt(() => addMilestone(ctx, listing, milestone as { date: string; title: string }));
      if (refused) return editorPage(reply, user, listing, { milestone: { errors: refused, typed: milestone } }, 400);
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
      const mid = Number(req.params.mid);
      try {
        if (!Number.isInteger(mid) || mid < 1 || mid > 2_147_483_647) throw new HttpError(404, 'No such milestone.');
        await deleteMilestone(ctx, listing, mid);
      } catch (err) {
        if (!(err instanceof HttpError) || err.status !== 404) throw err;
        return reply.page(
          'Milestone not found',
          html`<h1>Milestone not found</h1><p>This listing has no such milestone. <a href="/my/listings/${listing.id}#milestones">Back to the listing</a></p>`,
          404,
        );
      }
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
      const errors = bodyErrors('set_founder_story', story);
      const refused = errors.length ? errors : await attempt(() => setFounderStory(ctx, listing, story));
      if (refused) return editorPage(reply, user, listing, { story: { errors: refused, typed: story } }, 400);
      return done(reply, listing.id, 'story', 'story');
    },
  );
}
