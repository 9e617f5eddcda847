import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { consumeEmailToken, issueEmailToken } from '../accounts/email-tokens.js';
import { queueMail } from '../../mail/outbox.js';
import { acceptedClaimEmails, claimEmailAccepted, claimHost } from './claim-instructions.js';
import {
  claimListingFacts,
  hasConfirmedEmail,
  loadClaim,
  peekClaimLink,
  trustedContactEmail,
  type ClaimRecord,
} from './claim-repository.js';
import { claimStatus } from './claim-view.js';
import { transferOwnership } from './claim-transfer.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'site' | 'now'>;

export const claimLinkPath = '/claims/verify-email';

/**
 * Mails a single-use confirmation link for an email claim; it lives as long as the claim. The
 * mail names the account that asked, since whoever confirms from that mailbox makes it the owner.
 */
export async function sendClaimLink(
  tx: Queryable,
  ctx: Pick<Ctx, 'config' | 'site' | 'now'>,
  claim: Pick<ClaimRecord, 'id' | 'email' | 'listing_name' | 'slug' | 'domain' | 'expires_at'>,
  claimant: { userId: number; email: string },
): Promise<void> {
  const now = ctx.now();
  const to = claim.email!;
  const token = await issueEmailToken(tx, {
    kind: 'email_claim',
    email: to,
    userId: claimant.userId,
    payload: { claimId: claim.id },
    ttlMs: Date.parse(claim.expires_at) - now.getTime(),
    now,
  });
  const link = `${ctx.config.publicUrl}${claimLinkPath}?token=${token}`;
  await queueMail(tx, {
    to,
    subject: `Confirm that ${claimant.email} may own ${claim.listing_name} on ${ctx.site.name}`,
    text:
      `${claimant.email} asked ${ctx.site.name} to make them the owner of the listing ${claim.listing_name} ` +
      `(${ctx.config.publicUrl}/p/${claim.slug}), and named ${to} at ${claimHost(claim.domain)} to prove the ` +
      `company agrees.\n\n` +
      `To confirm, open this link and press Confirm (it works once, until ` +
      `${claim.expires_at.slice(0, 16).replace('T', ' ')} UTC):\n${link}\n\n` +
      `If you did not expect this, ignore this email: nothing changes unless the link is confirmed.`,
  });
}

export interface PendingClaimLink {
  claim: ClaimRecord;
  claimantEmail: string;
}

/**
 * Whether the claim's address is still one that proves control of the domain (claims opened before
 * the rules were tightened may name any address there): null when it is, else why not.
 */
export async function claimAddressProblem(
  db: Queryable,
  claim: Pick<ClaimRecord, 'listing_id' | 'email' | 'domain'>,
): Promise<string | null> {
  const listing = await claimListingFacts(db, claim.listing_id);
  const facts = { domain: claim.domain, contactEmail: listing ? trustedContactEmail(listing) : null };
  if (claim.email && claimEmailAccepted(claim.email, facts)) return null;
  return (
    `${claim.email ?? 'This address'} does not prove control of ${claimHost(claim.domain)}: an email claim has ` +
    `to go to ${acceptedClaimEmails(facts)}.`
  );
}

/** Why the link of a pending email claim cannot be confirmed, or null. */
async function confirmProblem(db: Queryable, claim: ClaimRecord): Promise<string | null> {
  if (!(await hasConfirmedEmail(db, claim.user_id)))
    return 'The account that asked has not confirmed its own email address, so this claim cannot be confirmed.';
  const address = await claimAddressProblem(db, claim);
  return address ? `${address} The claimant has to start the claim again with one of those.` : null;
}

/** What the confirmation page shows before anything is used up: the link, null, or why it cannot be confirmed. */
export async function findClaimLink(ctx: Ctx, token: string): Promise<PendingClaimLink | { error: string } | null> {
  const link = await peekClaimLink(ctx.db, token, ctx.now());
  if (!link) return null;
  const claim = await loadClaim(ctx.db, ctx.site.id, link.claimId);
  if (!claim || claim.email?.toLowerCase() !== link.email.toLowerCase()) return null;
  if (claimStatus(claim, ctx.now()) === 'pending') {
    const problem = await confirmProblem(ctx.db, claim);
    if (problem) return { error: problem };
  }
  const users = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [claim.user_id]);
  return { claim, claimantEmail: users[0]?.email ?? '' };
}

/**
 * Confirms an email claim from its link. The link proves control of the mailbox, so it verifies the
 * claim for the account that made it, whoever opens it (signed in or not). The token is used up
 * and ownership moves in one transaction.
 */
export async function confirmClaimLink(ctx: Ctx, token: string): Promise<{ claim: ClaimRecord } | { error: string }> {
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx): Promise<{ claim: ClaimRecord } | { error: string }> => {
    const used = await consumeEmailToken(tx, 'email_claim', token, now);
    const claimId = used?.payload.claimId;
    if (!used || typeof claimId !== 'number')
      return { error: 'This link is not valid any more: it was already used, or it expired.' };
    const claim = await loadClaim(tx, ctx.site.id, claimId);
    // A link mailed before the claim's address was changed no longer counts.
    if (!claim || claim.email?.toLowerCase() !== used.email.toLowerCase())
      return { error: 'This link belongs to a claim that has changed since; use the newest link we sent.' };
    const status = claimStatus(claim, now);
    if (status === 'verified') return { claim };
    if (status === 'expired')
      return {
        error:
          `This claim expired on ${claim.expires_at.slice(0, 10)} before it was confirmed; the claimant has to ` +
          `start a new one.`,
      };
    if (status === 'rejected')
      return { error: 'This claim was closed because another account verified ownership of the listing first.' };
    const problem = await confirmProblem(tx, claim);
    if (problem) return { error: problem };
    const outcome = await transferOwnership(tx, ctx, claimId);
    return outcome.claim ? { claim: outcome.claim } : { error: 'This claim no longer exists.' };
  });
  return result;
}
