import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { votedListingIds } from '../../domain/votes/votes.js';
import type { CardVoting } from '../components.js';
import { currentUser } from '../session.js';

/** The vote buttons' state for the cards of one page: who is voting, and what they voted for already. */
export async function cardVoting(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  listings: { id: number; launch_week: string | null }[],
): Promise<CardVoting> {
  const user = await currentUser(ctx, req).catch(() => null);
  const next = req.url;
  if (!user) return { signedIn: false, next };
  return { signedIn: true, next, csrf: reply.generateCsrf(), voted: await votedListingIds(ctx.db, user.id, listings) };
}
