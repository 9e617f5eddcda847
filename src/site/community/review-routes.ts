import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { communityRating } from '../../domain/reviews/community-rating.js';
import { REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT, type ReviewField } from '../../domain/reviews/review-rules.js';
import {
  listReviews,
  ownReview,
  reviewedListing,
  shownReview,
  type Refusal,
  type ReviewListing,
} from '../../domain/reviews/reviews.js';
import { deleteReviewOperation, replyToReviewOperation, writeReviewOperation } from '../../api/operations/community.js';
import { pageSender } from '../account/account-pages.js';
import { html } from '../html.js';
import { currentUser } from '../session.js';
import { runForm, type FormOutcome } from '../forms/run-form.js';
import { reviewViewer } from './review-section.js';
import { csrfOrSameSite, rememberAndSignIn } from './pending-actions.js';
import { allReviewsPage, refusalPage, replyProblemPage, reviewProblemPage } from './review-views.js';

/** Review posts of any kind one address may send a minute (the routes' own limit; covers repeated edits and deletes). */
export const REVIEW_POSTS_PER_MINUTE_PER_ADDRESS = 60;

const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;

type Form = Record<string, string | string[] | undefined> | undefined;
/** A form field as typed (the first when sent twice): a refused form gives it back unchanged. */
const typed = (body: Form, key: string) => {
  const v = body?.[key];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

type Answer = { ok: true } | Refusal | { ok: false; status: 429; reason: 'rate_limited' };

/**
 * The operation's answer, with a form its schema refused told as the domain tells an invalid
 * field (a path parameter it refused names nothing that exists: 404).
 */
function answer<T extends Answer>(r: FormOutcome<T>): T | Refusal {
  if (r.ok) return r.value;
  const [field, message] = Object.entries(r.fields)[0] ?? ['', r.message];
  if (field === 'id') return { ok: false, status: 404, reason: 'no_review' };
  if (field === 'slug') return { ok: false, status: 404, reason: 'no_listing' };
  return { ok: false, status: 400, reason: 'invalid', problem: { field: field as ReviewField, message } };
}

/**
 * Reviews on the site (issue 14 §4), the site-only operations write_review, delete_review and
 * reply_to_review: plain form posts with their CSRF token, each answered by a 303 back to the
 * listing's Reviews section, or by a page saying what was wrong.
 */
export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = pageSender(ctx);
  const backTo = (slug: string) => `/p/${slug}#reviews`;

  /** The signed-in writer, or null after sending them to sign in. */
  const writer = async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
    const user = await currentUser(ctx, req);
    if (!user)
      reply.redirect(
        `/signin?next=${encodeURIComponent(backTo(SLUG.test(req.params.slug) ? req.params.slug : ''))}`,
        303,
      );
    return user;
  };

  /** The listing a refusal is shown about (read only when something was refused). */
  const about = async (slug: string) => (SLUG.test(slug) ? await reviewedListing(ctx.db, ctx.site.id, slug) : null);

  /**
   * Answers a refused write with its page, but for the 400 of an invalid field, which each route
   * shows in its form (false then). A listing that is gone is a 404 whatever else was refused.
   */
  const refused = (reply: FastifyReply, user: User, listing: ReviewListing | null, r: Answer): boolean => {
    if (r.ok) return false;
    if (r.reason === 'rate_limited') {
      reply.header('Retry-After', '60');
      page(
        reply,
        user,
        'Too many reviews',
        html`<h1>Too many reviews at once</h1><p>An account can write ${REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT} reviews or replies a minute. Wait a minute and try again.</p>`,
        429,
      );
      return true;
    }
    const shown: Exclude<Refusal, { reason: 'invalid' }> | null = !listing
      ? { ok: false, status: 404, reason: 'no_listing' }
      : r.reason === 'invalid'
        ? null
        : r;
    if (!shown) return false;
    const [title, body] = refusalPage(listing, shown);
    page(reply, user, title, body, shown.status);
    return true;
  };

  const done = (reply: FastifyReply, slug: string) => reply.redirect(backTo(slug), 303);

  const options = {
    preHandler: csrfOrSameSite(app, ctx),
    config: { rateLimit: { max: REVIEW_POSTS_PER_MINUTE_PER_ADDRESS, timeWindow: 60_000 } },
  };

  app.post<{ Params: { slug: string }; Body: Form }>('/p/:slug/reviews', options, async (req, reply) => {
    const slug0 = req.params.slug;
    const written = { rating: typed(req.body, 'rating').trim(), body: typed(req.body, 'body') };
    // A review written signed out is kept and published after sign-in (pending-actions.ts).
    if (!(await currentUser(ctx, req)) && SLUG.test(slug0) && written.body.trim())
      return rememberAndSignIn(ctx, req, reply, {
        kind: 'review',
        slug: slug0,
        body: JSON.stringify(written),
        back: backTo(slug0),
      });
    const user = await writer(req, reply);
    if (!user) return reply;
    const slug = req.params.slug;
    const r = answer(await runForm(ctx, user, writeReviewOperation, req.body, { slug }));
    if (r.ok) return done(reply, slug);
    const listing = await about(slug);
    if (refused(reply, user, listing, r) || !listing || r.reason !== 'invalid') return reply;
    const values = { rating: typed(req.body, 'rating').trim(), body: typed(req.body, 'body') };
    const editing = (await ownReview(ctx.db, listing.id, user.id)) !== null;
    return page(
      reply,
      user,
      `Your review of ${listing.name}`,
      reviewProblemPage(listing, reply.generateCsrf(), values, r.problem, editing),
      400,
    );
  });

  app.post<{ Params: { slug: string }; Body: Form }>('/p/:slug/reviews/delete', options, async (req, reply) => {
    const user = await writer(req, reply);
    if (!user) return reply;
    const r = answer(await runForm(ctx, user, deleteReviewOperation, undefined, { slug: req.params.slug }));
    if (r.ok) return done(reply, req.params.slug);
    refused(reply, user, await about(req.params.slug), r);
    return reply;
  });

  app.post<{ Params: { slug: string; id: string }; Body: Form }>(
    '/p/:slug/reviews/:id/reply',
    options,
    async (req, reply) => {
      const user = await writer(req, reply);
      if (!user) return reply;
      const { slug, id } = req.params;
      const r = answer(await runForm(ctx, user, replyToReviewOperation, req.body, { slug, id }));
      if (r.ok) return done(reply, slug);
      const listing = await about(slug);
      if (refused(reply, user, listing, r) || !listing || r.reason !== 'invalid') return reply;
      const text = typed(req.body, 'reply');
      const review = await shownReview(ctx.db, listing.id, Number(id));
      if (!review) {
        refused(reply, user, listing, { ok: false, status: 404, reason: 'no_review' });
        return reply;
      }
      return page(
        reply,
        user,
        `Reply to a review of ${listing.name}`,
        replyProblemPage(listing, review, reply.generateCsrf(), text, r.problem),
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
