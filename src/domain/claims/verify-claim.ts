import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../errors/app-error.js';
import {
  CHECKS_PER_WINDOW,
  loadClaim,
  saveCheckResult,
  takeCheckSlot,
  type CheckResult,
  type ClaimRecord,
} from './claim-repository.js';
import { claimStatus } from './claim-view.js';
import { checkDns, type Finding } from './dns-check.js';
import { checkFile, checkMeta } from './website-check.js';
import { claimAddressProblem, sendClaimLink } from './claim-email.js';
import { requireConfirmedEmail } from './claim-access.js';
import { completeClaim } from './claim-transfer.js';
import type { Claimant } from './start-claim.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'site' | 'now'>;

/**
 * Each check reaches out to DNS or the company's website (and a resend sends mail), so a claim
 * gets CHECKS_PER_WINDOW of them an hour; beyond that, 429 with the seconds to wait.
 */
export async function checkAllowance(db: Queryable, claimId: number, now: Date): Promise<void> {
  const wait = await takeCheckSlot(db, claimId, now);
  if (wait !== null) {
    throw new AppError(
      429,
      `A claim can be checked at most ${CHECKS_PER_WINDOW} times an hour; try again in ${wait} s.`,
      { headers: { 'Retry-After': String(wait) } },
    );
  }
}

/** The claim if it is this user's: 404 when there is none on this site, 403 when it is someone else's. */
export async function claimForUser(
  db: Queryable,
  siteId: number,
  claimId: number,
  userId: number,
): Promise<ClaimRecord> {
  const claim = await loadClaim(db, siteId, claimId);
  if (!claim) throw notFound(`No claim with id ${claimId}.`);
  if (claim.user_id !== userId) throw forbidden('This claim belongs to another account.');
  return claim;
}

async function runCheck(ctx: Ctx, claim: ClaimRecord): Promise<Finding> {
  const web = { publicUrl: ctx.config.publicUrl, allowHosts: ctx.config.crawlAllowHosts };
  switch (claim.method) {
    case 'dns':
      return checkDns(ctx.config.dnsServers, claim.domain, claim.token);
    case 'meta':
      return checkMeta(claim.website_url, claim.domain, claim.token, web);
    case 'file':
      return checkFile(claim.website_url, claim.domain, claim.token, web);
    case 'email':
      throw new Error('email claims are confirmed by their link');
  }
}

/**
 * verify_claim: checks a pending claim's DNS record, meta tag or file once and records exactly
 * what was seen; when the proof is there, ownership moves to the claimant. A verified claim is
 * returned as it is; an expired or closed one is a 409. For an email claim there is nothing to
 * look at, so a fresh link is mailed instead (the first may have been lost). Needs a confirmed
 * email address (403).
 */
export async function verifyClaim(ctx: Ctx, claimant: Claimant, claimId: number): Promise<ClaimRecord> {
  await requireConfirmedEmail(ctx.db, claimant.userId);
  const claim = await claimForUser(ctx.db, ctx.site.id, claimId, claimant.userId);
  const now = ctx.now();
  const status = claimStatus(claim, now);
  if (status === 'verified') return claim;
  if (status === 'expired')
    throw conflict(
      `Claim ${claim.id} expired on ${claim.expires_at.slice(0, 16).replace('T', ' ')} UTC before it was ` +
        `verified; start a new claim with claim_listing.`,
    );
  if (status === 'rejected')
    throw conflict(
      `Claim ${claim.id} was closed because another account verified ownership of ${claim.slug} first; start a ` +
        `new claim if the listing is yours.`,
    );
  let finding: Finding;
  if (claim.method === 'email') {
    // A claim opened before the address rules were tightened gets no new link to a personal mailbox.
    const problem = await claimAddressProblem(ctx.db, claim);
    if (problem)
      throw conflict(
        `${problem} Ask claim_listing again with method email and one of those addresses: it moves this claim there.`,
      );
    await ctx.db.transaction(async (tx) => {
      await checkAllowance(tx, claim.id, now);
      await sendClaimLink(tx, ctx, claim, claimant);
    });
    finding = {
      found: false,
      detail: `Email claims are verified by opening the link we mailed; a new link was just sent to ${claim.email}.`,
      checked: claim.email ?? '',
      seen: [],
    };
  } else {
    await checkAllowance(ctx.db, claim.id, now);
    finding = await runCheck(ctx, claim);
  }
  const result: CheckResult = { ...finding, checked_at: now.toISOString() };
  await saveCheckResult(ctx.db, claim.id, result);
  if (finding.found) await completeClaim(ctx, claim.id);
  return (await loadClaim(ctx.db, ctx.site.id, claim.id))!;
}
