import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../errors/app-error.js';
import {
  CLAIM_TTL_MS,
  acceptedClaimEmails,
  claimEmailAccepted,
  claimHost,
  newClaimToken,
  type ClaimEmailFacts,
  type ClaimMethod,
} from './claim-instructions.js';
import {
  expireClaims,
  findClaimableListing,
  findPendingClaim,
  insertClaim,
  loadClaim,
  setClaimEmail,
  trustedContactEmail,
  type ClaimRecord,
} from './claim-repository.js';
import { isListingOwner } from '../listings/listing-ownership.js';
import { requireConfirmedEmail } from './claim-access.js';
import { sendClaimLink } from './claim-email.js';
import { checkAllowance } from './verify-claim.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'site' | 'now'>;

export interface ClaimRequest {
  slug: string;
  method: ClaimMethod;
  email?: string;
}
export interface Claimant {
  userId: number;
  email: string;
}

/**
 * The address for an email claim: required, and one only whoever runs the company's domain
 * controls — a role address (admin@, hostmaster@…) at the domain, or the listing's trusted
 * published contact address. 400 naming `email` otherwise.
 */
export function claimEmail(raw: string | undefined, facts: ClaimEmailFacts): string {
  const email = (raw ?? '').trim();
  const host = claimHost(facts.domain);
  if (!email) throw invalidField('email', `is required for method email: give ${acceptedClaimEmails(facts)}`);
  if (!claimEmailAccepted(email, facts)) {
    throw invalidField(
      'email',
      `must be an address at ${host} that only whoever runs the domain controls: ` +
        `${acceptedClaimEmails(facts)}. A personal address proves nothing (anyone can have one at a mailbox ` +
        `provider); use the dns, meta or file method if none of these reaches you`,
    );
  }
  return email;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * claim_listing (confirmed accounts only; public listings only): opens a claim with a fresh random token, or returns
 * the open one this user already has for the listing and method (an email claim to a new address re-sends the link
 * there, which counts against the claim's hourly allowance). The email of other methods is ignored.
 */
export async function claimListing(ctx: Ctx, claimant: Claimant, req: ClaimRequest): Promise<ClaimRecord> {
  await requireConfirmedEmail(ctx.db, claimant.userId);
  const listing = await findClaimableListing(ctx.db, ctx.site.id, req.slug);
  if (!listing) throw notFound(`No listing with slug "${req.slug}".`);
  if (await isListingOwner(ctx.db, listing.id, claimant.userId))
    throw conflict(`You already own ${listing.slug}; there is nothing to claim.`);
  const email =
    req.method === 'email'
      ? claimEmail(req.email, { domain: listing.domain, contactEmail: trustedContactEmail(listing) })
      : null;
  const open = async (tx: Queryable): Promise<number> => {
    const now = ctx.now();
    await expireClaims(tx, now, { userId: claimant.userId, listingId: listing.id });
    const existing = await findPendingClaim(tx, claimant.userId, listing.id, req.method, now);
    if (existing !== null) {
      const current = (await loadClaim(tx, ctx.site.id, existing))!;
      if (email && current.email?.toLowerCase() !== email.toLowerCase()) {
        await checkAllowance(tx, existing, now);
        await setClaimEmail(tx, existing, email);
        await sendClaimLink(tx, ctx, { ...current, email }, claimant);
      }
      return existing;
    }
    const expiresAt = new Date(now.getTime() + CLAIM_TTL_MS);
    const id = await insertClaim(tx, {
      userId: claimant.userId,
      listingId: listing.id,
      method: req.method,
      email,
      token: newClaimToken(),
      now,
      expiresAt,
    });
    if (email)
      await sendClaimLink(
        tx,
        ctx,
        {
          id,
          email,
          listing_name: listing.name,
          slug: listing.slug,
          domain: listing.domain,
          expires_at: expiresAt.toISOString(),
        },
        claimant,
      );
    return id;
  };
  let id: number;
  try {
    id = await ctx.db.transaction(open);
  } catch (err) {
    // Two identical requests at once: the second insert meets the one-pending-claim index; the retry finds the first.
    if (!isUniqueViolation(err)) throw err;
    id = await ctx.db.transaction(open);
  }
  return (await loadClaim(ctx.db, ctx.site.id, id))!;
}
