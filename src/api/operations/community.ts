import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext, type Principal } from '../registry.js';
import { Params } from '../schemas/common.js';
import { AppError } from '../../errors/app-error.js';
import { castVote, removeVote, type Voter } from '../../domain/votes/votes.js';
import { loadVoteSettings } from '../../domain/votes/vote-settings.js';
import { follow, followableListing, unfollow } from '../../domain/my-listings/followers.js';
import { findUserById } from '../../domain/accounts/user-repository.js';

/**
 * What people do in the community: vote, review, comment, report, follow. Only people on the
 * website do these (never an API key or an MCP client), so every operation here is site-only.
 * Scope: 'listings:write' — each one writes to a listing's public side (its votes, reviews,
 * discussion, moderation queue, followers); a site session holds every scope, so it documents intent.
 */

const SLUG = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,219}$' });
const slugParams = Params({ slug: SLUG });

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
    return castVote(ctx.db, ctx.site.id, slug, voterOf(ctx.principal!), {
      now: ctx.now(),
      ip: ctx.principal!.ip ?? null,
      holdHours: settings.holdHours,
      perMinute: settings.perAccountPerMinute,
    });
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

export const communityOperations = [
  castVoteOperation,
  removeVoteOperation,
  followListingOperation,
  unfollowListingOperation,
];
