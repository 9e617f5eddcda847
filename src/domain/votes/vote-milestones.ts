import { VOTE_MILESTONES } from '../events/event-types.js';
import { publishEvent, type EventDeps } from '../events/publish-event.js';
import { liveListingId } from './votes.js';

/** The milestones a count passed on its way from `before` to `after` counted votes. */
export const milestonesPassed = (before: number, after: number) =>
  VOTE_MILESTONES.filter((m) => before < m && m <= after);

/**
 * vote.milestone for each milestone the listing's counted votes just reached, once per listing and
 * figure (taking a vote back and casting it again does not announce 10 twice). Costs nothing on
 * the vote path unless a milestone was reached.
 */
export async function announceVoteMilestones(
  deps: EventDeps,
  listingId: number,
  before: number,
  after: number,
): Promise<void> {
  for (const milestone of milestonesPassed(before, after))
    await publishEvent(deps, {
      type: 'vote.milestone',
      listingId,
      data: { milestone, votes: after },
      onceKey: `vote.milestone:${listingId}:${milestone}`,
    });
}

/** After a vote on `slug` counted, the count now `votes`: announces a milestone it reached, if any. */
export async function announceCountedVote(deps: EventDeps, siteId: number, slug: string, votes: number): Promise<void> {
  if (milestonesPassed(votes - 1, votes).length === 0) return;
  const listingId = await liveListingId(deps.db, siteId, slug);
  if (listingId !== null) await announceVoteMilestones(deps, listingId, votes - 1, votes);
}
