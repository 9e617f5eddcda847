import { castVote, voidVotes } from '../../src/domain/votes/votes.js';
import type { AppContext } from '../../src/app-context.js';

/** The address every vote here comes from, to check that no answer or page shows it. */
export const VOTER_IP = '203.0.113.77';

/**
 * Votes cast the way the site casts them (castVote), each by a new confirmed account whose address
 * is remembered in `emails`: a test can then check that no answer or page names a voter.
 */
export function launchVoting(ctx: AppContext, monday: string) {
  const emails: string[] = [];
  return {
    emails,
    /** A vote at `hh:mm` on the week's Monday (UTC); a young account's vote is held for 30 days. */
    async vote(slug: string, hour: string, o: { young?: boolean } = {}) {
      const email = `ranked-${emails.length}-${Math.random().toString(36).slice(2)}@voters.test`;
      emails.push(email);
      const created = o.young ? `${monday}T00:00:00Z` : '2026-01-01T00:00:00Z';
      const [u] = await ctx.db.query<{ id: number }>(
        `INSERT INTO users (email, name, email_verified_at, created_at) VALUES ($1, 'Vera Voter', $2, $2) RETURNING id`,
        [email, created],
      );
      return castVote(
        ctx.db,
        ctx.site.id,
        slug,
        { userId: u.id },
        { now: new Date(`${monday}T${hour}:00Z`), ip: VOTER_IP, holdHours: o.young ? 24 * 30 : 0 },
      );
    },
    /** Voids the listing's latest vote, as a moderator would, with a reason no page may show. */
    async voidLatest(slug: string, reason: string, now: Date) {
      const [v] = await ctx.db.query<{ id: number }>(
        `SELECT v.id FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.slug = $1 ORDER BY v.id DESC LIMIT 1`,
        [slug],
      );
      await voidVotes(ctx.db, ctx.site.id, [v.id], reason, now);
    },
  };
}
