import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext, type Principal } from '../registry.js';
import { Params, rowId, Slug } from '../schemas/common.js';
import { AppError } from '../../errors/app-error.js';
import { castVote, removeVote, type Voter } from '../../domain/votes/votes.js';
import { loadVoteSettings } from '../../domain/votes/vote-settings.js';
import { announceCountedVote } from '../../domain/votes/vote-milestones.js';
import { publishEvent } from '../../domain/events/publish-event.js';
import { follow, followableListing, unfollow } from '../../domain/my-listings/followers.js';
import { findUserById } from '../../domain/accounts/user-repository.js';
import {
  deleteOwnReview,
  replyToReview,
  reviewedListing,
  reviewWritesSince,
  writeReview,
  type Refusal,
  type WriteResult,
  type DeleteResult,
  type ReplyResult,
} from '../../domain/reviews/reviews.js';
import {
  addComment,
  commentableListing,
  commentsWrittenSince,
  deleteComment,
  editComment,
  likeComment,
  unlikeComment,
  type CommentOutcome,
  type CommentTarget,
} from '../../domain/comments/comments.js';
import { BODY_MAX_CHARS, COMMENTS_PER_MINUTE_PER_ACCOUNT } from '../../domain/comments/comment-rules.js';
import { participationRefusal, type ParticipationRefusal } from '../../domain/accounts/participation.js';
import { describeTarget } from '../../domain/moderation/moderate.js';
import {
  fileReport,
  REPORT_DETAILS_MAX,
  REPORT_KINDS,
  REPORT_REASONS,
  reportProblem,
  type ReportReason,
} from '../../domain/moderation/reports.js';
import { REPLY_MAX, REVIEW_BODY_MAX, REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT } from '../../domain/reviews/review-rules.js';

/**
 * What people do in the community: vote, review, comment, report, follow. Only people on the
 * website do these (never an API key or an MCP client), so every operation here is site-only.
 * Scope: 'listings:write' — each one writes to a listing's public side (its votes, reviews,
 * discussion, moderation queue, followers); a site session holds every scope, so it documents intent.
 */

const slugParams = Params({ slug: Slug('The listing') });

const VoteAnswer = Type.Object({
  voted: Type.Boolean(),
  counted: Type.Boolean(),
  votes: Type.Integer(),
  held_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  refused: Type.Optional(
    Type.Union([
      Type.Literal('signed_out'),
      Type.Literal('unconfirmed'),
      Type.Literal('suspended'),
      Type.Literal('not_found'),
      Type.Literal('rate_limited'),
    ]),
  ),
});

/** The session as the vote's statement checks it (one round trip), else the account already known. */
const voterOf = (p: Principal): Voter => (p.sessionHash ? { sessionHash: p.sessionHash } : { userId: p.userId });

export const castVoteOperation = defineOperation({
  operationId: 'cast_vote',
  surfaces: ['site'],
  method: 'POST',
  path: '/listings/{slug}/vote',
  tag: 'Community',
  title: 'Vote for a launch',
  summary:
    "Casts the person's vote on a live listing's current launch; refusals (signed out, unconfirmed, suspended, no live listing, too many votes a minute) come back in `refused`.",
  scope: 'listings:write',
  params: slugParams,
  response: VoteAnswer,
  handler: async ({ slug }, ctx) => {
    const settings = await loadVoteSettings(ctx.db, ctx.site.id);
    const outcome = await castVote(ctx.db, ctx.site.id, slug, voterOf(ctx.principal!), {
      now: ctx.now(),
      ip: ctx.principal!.ip ?? null,
      holdHours: settings.holdHours,
      perMinute: settings.perAccountPerMinute,
    });
    if (outcome.counted) await announceCountedVote(ctx, ctx.site.id, slug, outcome.votes);
    return outcome;
  },
});

export const removeVoteOperation = defineOperation({
  operationId: 'remove_vote',
  surfaces: ['site'],
  method: 'DELETE',
  path: '/listings/{slug}/vote',
  tag: 'Community',
  title: 'Take back a vote',
  summary: "Takes back the person's vote on a live listing's current launch (nothing happens when there is none).",
  scope: 'listings:write',
  params: slugParams,
  response: VoteAnswer,
  handler: async ({ slug }, ctx) => removeVote(ctx.db, ctx.site.id, slug, voterOf(ctx.principal!), { now: ctx.now() }),
});

const Following = Type.Object({ slug: Type.String(), following: Type.Boolean() });

/** The followable listing, or a 404. */
async function followable(ctx: OperationContext, slug: string) {
  const listing = await followableListing(ctx.db, ctx.site.id, slug);
  if (!listing) throw new AppError(404, 'Listing not found.');
  return listing;
}

export const followListingOperation = defineOperation({
  operationId: 'follow_listing',
  surfaces: ['site'],
  method: 'PUT',
  path: '/listings/{slug}/follow',
  tag: 'Community',
  title: 'Follow a listing',
  summary: "Sends the person the listing's updates by email; needs a confirmed email address.",
  scope: 'listings:write',
  notFound: true,
  params: slugParams,
  response: Following,
  handler: async ({ slug }, ctx) => {
    const listing = await followable(ctx, slug);
    const user = await findUserById(ctx.db, ctx.principal!.userId);
    // Updates are sent by email, so following needs an address that is known to arrive.
    if (!user?.email_verified_at) throw new AppError(403, 'Confirm your email first.');
    await follow(ctx.db, listing.id, user.id, ctx.now());
    return { slug: listing.slug, following: true };
  },
});

export const unfollowListingOperation = defineOperation({
  operationId: 'unfollow_listing',
  surfaces: ['site'],
  method: 'DELETE',
  path: '/listings/{slug}/follow',
  tag: 'Community',
  title: 'Stop following a listing',
  summary: "Stops the listing's updates by email.",
  scope: 'listings:write',
  notFound: true,
  params: slugParams,
  response: Following,
  handler: async ({ slug }, ctx) => {
    const listing = await followable(ctx, slug);
    await unfollow(ctx.db, listing.id, ctx.principal!.userId);
    return { slug: listing.slug, following: false };
  },
});

// Reviews answer the domain's own results, refusals included (the site shows each on its own page).
type TooMany = { ok: false; status: 429; reason: 'rate_limited' };
const noListing: Refusal = { ok: false, status: 404, reason: 'no_listing' };
const ReviewAnswer = <T>() =>
  Type.Unsafe<T | TooMany>(
    Type.Object({
      ok: Type.Boolean(),
      review_id: Type.Optional(Type.Integer()),
      deleted: Type.Optional(Type.Boolean()),
      status: Type.Optional(Type.Integer({ description: 'Of a refusal: 400, 403, 404, 409 or 429' })),
      reason: Type.Optional(Type.String({ description: 'Of a refusal: why nothing was written' })),
      problem: Type.Optional(Type.Object({ field: Type.String(), message: Type.String() })),
    }),
  );
/**
 * Browsers send a textarea's line breaks as CRLF but count them as one character; the domain
 * counts the text so, so the schema's bound leaves room for a CR per character.
 */
const typedText = (max: number, description: string) =>
  Type.String({
    maxLength: 2 * max,
    description: `${description}; at most ${max} characters, line breaks counting one`,
  });

/** Whether the account wrote its reviews and replies for the minute (counted in the database: every instance agrees). */
async function tooManyReviews(ctx: OperationContext): Promise<TooMany | null> {
  const since = new Date(ctx.now().getTime() - 60_000);
  if ((await reviewWritesSince(ctx.db, ctx.principal!.userId, since)) < REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT)
    return null;
  return { ok: false, status: 429, reason: 'rate_limited' };
}

export const writeReviewOperation = defineOperation({
  operationId: 'write_review',
  surfaces: ['site'],
  method: 'PUT',
  path: '/listings/{slug}/review',
  tag: 'Community',
  title: 'Review a launch',
  summary: "Writes the person's review of a live listing, or changes the one they wrote.",
  scope: 'listings:write',
  params: slugParams,
  body: Type.Object(
    {
      rating: Type.String({ maxLength: 8, description: 'Stars, a whole number from 1 to 5' }),
      body: typedText(REVIEW_BODY_MAX, 'The review'),
    },
    { additionalProperties: false },
  ),
  response: ReviewAnswer<WriteResult>(),
  handler: async ({ slug, rating, body }, ctx) => {
    const listing = await reviewedListing(ctx.db, ctx.site.id, slug);
    if (!listing) return noListing;
    const tooMany = await tooManyReviews(ctx);
    if (tooMany) return tooMany;
    const r = await writeReview(ctx.db, listing, ctx.principal!.userId, { rating, body }, ctx.now());
    if (!r.ok) return r;
    if (r.created) {
      const review = {
        id: r.review_id,
        rating: Number(rating),
        body,
        url: `${ctx.config.publicUrl}/p/${slug}#reviews`,
      };
      await publishEvent(ctx, { type: 'review.created', listingId: listing.id, data: { review } });
    }
    return { ok: true as const, review_id: r.review_id };
  },
});

export const deleteReviewOperation = defineOperation({
  operationId: 'delete_review',
  surfaces: ['site'],
  method: 'DELETE',
  path: '/listings/{slug}/review',
  tag: 'Community',
  title: 'Delete your review',
  summary: "Deletes the person's own review of the listing (its maker's reply goes with it).",
  scope: 'listings:write',
  params: slugParams,
  response: ReviewAnswer<DeleteResult>(),
  handler: async ({ slug }, ctx) => {
    const listing = await reviewedListing(ctx.db, ctx.site.id, slug);
    return listing ? deleteOwnReview(ctx.db, listing, ctx.principal!.userId) : noListing;
  },
});

export const replyToReviewOperation = defineOperation({
  operationId: 'reply_to_review',
  surfaces: ['site'],
  method: 'POST',
  path: '/listings/{slug}/reviews/{id}/reply',
  tag: 'Community',
  title: 'Answer a review',
  summary: "The listing's owner or co-owner answers a shown review of it, once.",
  scope: 'listings:write',
  params: Params({ slug: Slug('The listing'), id: rowId('The review') }),
  body: Type.Object({ reply: typedText(REPLY_MAX, 'The answer') }, { additionalProperties: false }),
  response: ReviewAnswer<ReplyResult>(),
  handler: async ({ slug, id, reply }, ctx) => {
    const listing = await reviewedListing(ctx.db, ctx.site.id, slug);
    if (!listing) return noListing;
    return (await tooManyReviews(ctx)) ?? replyToReview(ctx.db, listing, id, ctx.principal!.userId, reply, ctx.now());
  },
});

/** A comment's outcome, or why the discussion took nothing (no live listing, the account, the per-account limit). */
export type CommentAnswer =
  | CommentOutcome
  | { ok: false; status: 404; reason: 'no_listing' }
  | { ok: false; status: 403; reason: ParticipationRefusal }
  | { ok: false; status: 429; reason: 'rate_limited' };
const CommentAnswerSchema = Type.Unsafe<CommentAnswer>(
  Type.Object({
    ok: Type.Boolean(),
    id: Type.Optional(Type.Integer()),
    parent_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    status: Type.Optional(Type.Integer({ description: 'Of a refusal: 400, 403, 404 or 429' })),
    reason: Type.Optional(Type.String()),
    field: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  }),
);

/** The live listing whose discussion the account may take part in, or the refusal. */
async function discussion(
  ctx: OperationContext,
  slug: string,
): Promise<{ listing: CommentTarget } | { refused: CommentAnswer }> {
  const listing = await commentableListing(ctx.db, ctx.site.id, slug);
  if (!listing) return { refused: { ok: false, status: 404, reason: 'no_listing' } };
  const user = await findUserById(ctx.db, ctx.principal!.userId);
  const why = user ? participationRefusal(user) : 'suspended';
  return why ? { refused: { ok: false, status: 403, reason: why } } : { listing };
}

const commentParams = Params({ slug: Slug('The listing'), id: rowId('The comment') });
const commentBody = typedText(BODY_MAX_CHARS, 'The comment');

export const addCommentOperation = defineOperation({
  operationId: 'add_comment',
  surfaces: ['site'],
  method: 'POST',
  path: '/listings/{slug}/comments',
  tag: 'Community',
  title: 'Comment on a launch',
  summary: "Posts a comment in a live listing's discussion, or a reply to one of its comments.",
  scope: 'listings:write',
  params: slugParams,
  body: Type.Object(
    { body: commentBody, parent_id: Type.Optional(rowId('The comment answered')) },
    { additionalProperties: false },
  ),
  response: CommentAnswerSchema,
  handler: async ({ slug, body, parent_id }, ctx): Promise<CommentAnswer> => {
    const d = await discussion(ctx, slug);
    if ('refused' in d) return d.refused;
    const userId = ctx.principal!.userId;
    const now = ctx.now();
    // Counted in the database, so every instance agrees.
    if (
      (await commentsWrittenSince(ctx.db, userId, new Date(now.getTime() - 60_000))) >= COMMENTS_PER_MINUTE_PER_ACCOUNT
    )
      return { ok: false, status: 429, reason: 'rate_limited' };
    const added = await addComment(ctx.db, d.listing, userId, { body, parentId: parent_id ?? null }, now);
    if (added.ok) {
      const comment = { id: added.id, body, url: `${ctx.config.publicUrl}/p/${slug}#comment-${added.id}` };
      await publishEvent(ctx, { type: 'comment.created', listingId: d.listing.id, data: { comment } });
    }
    return added;
  },
});

export const editCommentOperation = defineOperation({
  operationId: 'edit_comment',
  surfaces: ['site'],
  method: 'PATCH',
  path: '/listings/{slug}/comments/{id}',
  tag: 'Community',
  title: 'Edit your comment',
  summary: 'Changes the text of your own comment, within minutes of posting it.',
  scope: 'listings:write',
  params: commentParams,
  body: Type.Object({ body: commentBody }, { additionalProperties: false }),
  response: CommentAnswerSchema,
  handler: async ({ slug, id, body }, ctx) => {
    const d = await discussion(ctx, slug);
    return 'refused' in d ? d.refused : editComment(ctx.db, d.listing, id, ctx.principal!.userId, body, ctx.now());
  },
});

export const deleteCommentOperation = defineOperation({
  operationId: 'delete_comment',
  surfaces: ['site'],
  method: 'DELETE',
  path: '/listings/{slug}/comments/{id}',
  tag: 'Community',
  title: 'Delete your comment',
  summary: 'Deletes your own comment, within minutes of posting it; its replies keep their place.',
  scope: 'listings:write',
  params: commentParams,
  response: CommentAnswerSchema,
  handler: async ({ slug, id }, ctx) => {
    const d = await discussion(ctx, slug);
    return 'refused' in d ? d.refused : deleteComment(ctx.db, d.listing, id, ctx.principal!.userId, ctx.now());
  },
});

export const likeCommentOperation = defineOperation({
  operationId: 'like_comment',
  surfaces: ['site'],
  method: 'PUT',
  path: '/listings/{slug}/comments/{id}/like',
  tag: 'Community',
  title: 'Like a comment',
  summary: 'Likes a comment of the discussion (once per person).',
  scope: 'listings:write',
  params: commentParams,
  response: CommentAnswerSchema,
  handler: async ({ slug, id }, ctx) => {
    const d = await discussion(ctx, slug);
    return 'refused' in d ? d.refused : likeComment(ctx.db, d.listing, id, ctx.principal!.userId, ctx.now());
  },
});

export const unlikeCommentOperation = defineOperation({
  operationId: 'unlike_comment',
  surfaces: ['site'],
  method: 'DELETE',
  path: '/listings/{slug}/comments/{id}/like',
  tag: 'Community',
  title: 'Take back a like',
  summary: 'Takes back your like of a comment.',
  scope: 'listings:write',
  params: commentParams,
  response: CommentAnswerSchema,
  handler: async ({ slug, id }, ctx) => {
    const d = await discussion(ctx, slug);
    return 'refused' in d ? d.refused : unlikeComment(ctx.db, d.listing, id, ctx.principal!.userId);
  },
});

export const fileReportOperation = defineOperation({
  operationId: 'file_report',
  surfaces: ['site'],
  method: 'POST',
  path: '/reports',
  tag: 'Community',
  title: 'Report abuse',
  summary:
    "Reports a shown listing, review or comment to the site's moderators; reporting it again changes the open report.",
  scope: 'listings:write',
  notFound: true,
  body: Type.Object(
    {
      kind: Type.Union(REPORT_KINDS.map((k) => Type.Literal(k))),
      id: rowId('The reported listing, review or comment'),
      reason: Type.Union(Object.keys(REPORT_REASONS).map((r) => Type.Literal(r as ReportReason))),
      details: Type.Optional(Type.String({ maxLength: REPORT_DETAILS_MAX })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ id: Type.Integer({ description: 'The report' }) }),
  handler: async ({ kind, id, reason, details = '' }, ctx) => {
    const user = await findUserById(ctx.db, ctx.principal!.userId);
    const why = user ? participationRefusal(user) : 'suspended';
    if (why)
      throw new AppError(403, why === 'unconfirmed' ? 'Confirm your email first.' : 'This account is suspended.');
    const target = await describeTarget(ctx.db, ctx.site.id, kind, id);
    if (!target?.visible)
      throw new AppError(404, 'That listing, review or comment does not exist or is no longer shown.');
    const problem = reportProblem({ kind, targetId: id, reason, details });
    if (problem)
      throw new AppError(400, `${problem.field}: ${problem.message}`, {
        errors: [{ path: problem.field, message: problem.message }],
      });
    return { id: await fileReport(ctx.db, ctx.site.id, user!.id, { kind, targetId: id, reason, details }) };
  },
});

export const communityOperations = [
  castVoteOperation,
  removeVoteOperation,
  followListingOperation,
  unfollowListingOperation,
  writeReviewOperation,
  deleteReviewOperation,
  replyToReviewOperation,
  addCommentOperation,
  editCommentOperation,
  deleteCommentOperation,
  likeCommentOperation,
  unlikeCommentOperation,
  fileReportOperation,
];
