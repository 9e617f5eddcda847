/** What an account may subscribe a webhook endpoint to (README "Webhooks" says when each is sent). */
export const EVENT_TYPES = [
  'draft.ready',
  'listing.published',
  'listing.updated',
  'listing.live',
  'vote.milestone',
  'comment.created',
  'review.created',
  'award.won',
  'order.paid',
  'order.fulfilled',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Counted votes whose reaching sends vote.milestone, once per listing and figure. */
export const VOTE_MILESTONES = [10, 50, 100, 500, 1000] as const;
