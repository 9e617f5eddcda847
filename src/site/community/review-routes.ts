import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { communityRating } from '../../domain/reviews/community-rating.js';
import {
  deleteOwnReview,
  listReviews,
  ownReview,
  replyToReview,
  reviewedListing,
  reviewWritesSince,
  shownReview,
  writeReview,
  type Refusal,
  type ReviewListing,
} from '../../domain/reviews/reviews.js';
import { pageSender } from '../account/account-pages.js';
import { idParam } from '../admin/admin-guard.js';
import { html } from '../html.js';
import { currentUser } from '../session.js';
import { reviewViewer } from './review-section.js';
import { allReviewsPage, refusalPage, replyProblemPage, reviewProblemPage } from './review-views.js';

/** Reviews and replies one account may write a minute (counted in the database: every instance agrees). */
export const REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT = 10;
/** Review posts of any kind one address may send a minute (the routes' own limit; covers repeated edits and deletes). */
export const REVIEW_POSTS_PER_MINUTE_PER_ADDRESS = 60;

const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;

type Form = Record<string, string | string[] | undefined> | undefined;
/** A form field as typed (the first when sent twice): a refused form gives it back unchanged. */
const typed = (body: Form, key: string) => {
  const v = body?.[key];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

/**
 * Reviews on the site (issue 14 §4): plain form posts with their CSRF token, each answered by a
 * 303 back to the listing's Reviews section, or by a page saying what was wrong.
 */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = pageSender(ctx);
  const backTo = (slug: string) => `/p/${slug}#reviews`;

  /** The signed-in writer and the listing, or null after answering (sign in, or 404). */
  const start = async (
    req: FastifyRequest<{ Params: { slug: string } }>,
    reply: FastifyReply,
  ): Promise<{ user: User; listing: ReviewListing } | null> => {
    const slug = req.params.slug;
    const user = await currentUser(ctx, req);
    if (!user) {
      reply.redirect(`/signin?next=${encodeURIComponent(backTo(SLUG.test(slug) ? slug : ''))}`, 303);
      return null;
    }
    const listing = SLUG.test(slug) ? await reviewedListing(ctx.db, ctx.site.id, slug) : null;
    if (!listing) {
      refused(reply, user, null, { ok: false, status: 404, reason: 'no_listing' });
      return null;
    }
    return { user, listing };
  };

  const refused = (
    reply: FastifyReply,
    user: User,
    listing: ReviewListing | null,
    r: Exclude<Refusal, { reason: 'invalid' }>,
  ) => {
    const [title, body] = refusalPage(listing, r);
    return page(reply, user, title, body, r.status);
  };

  /** Answers 429 when the account wrote its reviews and replies for the minute. */
  const overLimit = async (reply: FastifyReply, user: User): Promise<boolean> => {
    const since = new Date(ctx.now().getTime() - 60_000);
    if ((await reviewWritesSince(ctx.db, user.id, since)) < REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT) return false;
    reply.header('Retry-After', '60');
    page(
      reply,
      user,
      'Too many reviews',
      html`<h1>Too many reviews at once</h1><p>An account can write ${REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT} reviews or replies a minute. Wait a minute and try again.</p>`,
      429,
    );
    return true;
  };

  const done = (reply: FastifyReply, listing: ReviewListing) => reply.redirect(backTo(listing.slug), 303);

  const options = {
    preHandler: app.csrfProtection,
    config: { rateLimit: { max: REVIEW_POSTS_PER_MINUTE_PER_ADDRESS, timeWindow: 60_000 } },
  };

  app.post<{ Params: { slug: string }; Body: Form }>('/p/:slug/reviews', options, async (req, reply) => {
    const s = await start(req, reply);
    if (!s) return reply;
    if (await overLimit(reply, s.user)) return reply;
    const values = { rating: typed(req.body, 'rating').trim(), body: typed(req.body, 'body') };
    const r = await writeReview(ctx.db, s.listing, s.user.id, values, ctx.now());
    if (r.ok) return done(reply, s.listing);
    if (r.reason !== 'invalid') return refused(reply, s.user, s.listing, r);
    const editing = (await ownReview(ctx.db, s.listing.id, s.user.id)) !== null;
    return page(
      reply,
      s.user,
      `Your review of ${s.listing.name}`,
      reviewProblemPage(s.listing, reply.generateCsrf(), values, r.problem, editing),
      400,
    );
  });

  app.post<{ Params: { slug: string }; Body: Form }>('/p/:slug/reviews/delete', options, async (req, reply) => {
    const s = await start(req, reply);
    if (!s) return reply;
    const r = await deleteOwnReview(ctx.db, s.listing, s.user.id);
    if (!r.ok) return refused(reply, s.user, s.listing, r as Exclude<Refusal, { reason: 'invalid' }>);
    return done(reply, s.listing);
  });

  app.post<{ Params: { slug: string; id: string }; Body: Form }>(
    '/p/:slug/reviews/:id/reply',
    options,
    async (req, reply) => {
      const s = await start(req, reply);
      if (!s) return reply;
      const id = idParam(req.params.id);
      if (id === null) return refused(reply, s.user, s.listing, { ok: false, status: 404, reason: 'no_review' });
      if (await overLimit(reply, s.user)) return reply;
      const text = typed(req.body, 'reply');
      const r = await replyToReview(ctx.db, s.listing, id, s.user.id, text, ctx.now());
      if (r.ok) return done(reply, s.listing);
      if (r.reason !== 'invalid') return refused(reply, s.user, s.listing, r);
      const review = await shownReview(ctx.db, s.listing.id, id);
      if (!review) return refused(reply, s.user, s.listing, { ok: false, status: 404, reason: 'no_review' });
      return page(
        reply,
        s.user,
        `Reply to a review of ${s.listing.name}`,
        replyProblemPage(s.listing, review, reply.generateCsrf(), text, r.problem),
        400,
      );
    },
  );

  // Every review of a listing, beyond the newest few the listing page shows.
  app.get<{ Params: { slug: string }; Querystring: Record<string, string | undefined> }>(
    '/p/:slug/reviews',
    async (req, reply) => {
      const user = await currentUser(ctx, req).catch(() => null);
      const listing = SLUG.test(req.params.slug) ? await reviewedListing(ctx.db, ctx.site.id, req.params.slug) : null;
      if (!listing)
        return page(
          reply,
          user,
          'Not found',
          html`<h1>No such listing</h1><p><a href="/">Back to launches</a></p>`,
          404,
        );
      const pageNo = /^\d{1,4}$/.test(req.query.page ?? '') ? Number(req.query.page) : 1;
      const [reviews, rating, viewer] = await Promise.all([
        listReviews(ctx.db, listing.id, { page: pageNo }),
        communityRating(ctx.db, listing.id),
        reviewViewer(ctx.db, listing.id, user, user ? reply.generateCsrf() : null),
      ]);
      return page(reply, user, `Reviews of ${listing.name}`, allReviewsPage(listing, rating, reviews, viewer));
    },
  );
}
