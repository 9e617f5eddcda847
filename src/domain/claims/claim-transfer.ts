import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { claimHost, type ClaimMethod } from './claim-instructions.js';
import {
  lockClaimForTransfer,
  markVerified,
  rejectOtherPendingClaims,
  replaceOwners,
  type ClaimRecord,
} from './claim-repository.js';
import { claimStatus } from './claim-view.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'site' | 'now'>;

const PROOF: Record<ClaimMethod, string> = {
  dns: 'a DNS TXT record on the domain',
  meta: 'a meta tag on its homepage',
  file: 'a file published on its website',
  email: 'a link emailed to an address at the domain that only its operator controls',
};

export type TransferOutcome = { verified: true; claim: ClaimRecord } | { verified: false; claim: ClaimRecord | null };

/**
 * Completes a claim whose proof was just seen, on the caller's transaction: the claimant becomes
 * the listing's only owner (previous owners and co-founders are removed and told by email, and
 * their founder profiles no longer show on the company), the
 * listing shows "Verified owner", and other open claims on it are closed — they proved a state
 * that no longer holds; whoever still controls the domain can claim again. Does nothing unless
 * the claim is still pending (another request may have completed it a moment ago).
 */
export async function transferOwnership(
  tx: Queryable,
  ctx: Pick<Ctx, 'config' | 'site' | 'now'>,
  claimId: number,
): Promise<TransferOutcome> {
  const claim = await lockClaimForTransfer(tx, claimId);
  const now = ctx.now();
  if (!claim || claimStatus(claim, now) !== 'pending') return { verified: false, claim };
  const previous = await replaceOwners(tx, claim.listing_id, claim.user_id, now);
  await markVerified(tx, claim.id, now);
  const domain = claimHost(claim.domain);
  await rejectOtherPendingClaims(tx, claim.listing_id, claim.id, {
    found: false,
    detail:
      `Another account verified ownership of ${claim.listing_name} on ${now.toISOString().slice(0, 10)}, so this ` +
      `claim was closed. Start a new claim if the listing is yours.`,
    checked_at: now.toISOString(),
    checked: domain,
    seen: [],
  });
  const listingUrl = `${ctx.config.publicUrl}/p/${claim.slug}`;
  for (const owner of previous) {
    await queueMail(tx, {
      to: owner.email,
      subject: `Ownership of ${claim.listing_name} on ${ctx.site.name} has moved`,
      text:
        `The listing ${claim.listing_name} (${listingUrl}) now belongs to another account, which proved ` +
        `control of ${domain} with ${PROOF[claim.method]} on ` +
        `${now.toISOString().slice(0, 16).replace('T', ' ')} UTC.\n\n` +
        `You are no longer an owner of it and can no longer edit it. If you still control ${domain} and think ` +
        `this is wrong, claim the listing again from its page (${listingUrl}) or reply to this email.`,
    });
  }
  // The public profile shows "Verified owner".
  tx.changed({ kind: 'listing', siteId: ctx.site.id, slug: claim.slug });
  return { verified: true, claim: { ...claim, status: 'verified', verified_at: now.toISOString() } };
}

/** transferOwnership in its own transaction. */
export async function completeClaim(ctx: Ctx, claimId: number): Promise<TransferOutcome> {
  return ctx.db.transaction((tx) => transferOwnership(tx, ctx, claimId));
}
