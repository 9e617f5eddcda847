import { claimHost, instructionsFor, type ClaimInstructions, type ClaimMethod } from './claim-instructions.js';
import type { CheckResult, ClaimRecord, ClaimStatus } from './claim-repository.js';

export interface ClaimView {
  id: number;
  listing: { slug: string; name: string; domain: string };
  method: ClaimMethod;
  email: string | null;
  status: ClaimStatus;
  instructions: ClaimInstructions;
  created_at: string;
  expires_at: string;
  verified_at: string | null;
  attempts: number;
  last_check: CheckResult | null;
  note: string;
}

/** Expiry is read lazily: a pending claim past its time is expired even before the sweep marks it. */
export function claimStatus(c: Pick<ClaimRecord, 'status' | 'expires_at'>, now: Date): ClaimStatus {
  return c.status === 'pending' && Date.parse(c.expires_at) <= now.getTime() ? 'expired' : c.status;
}

/** A verified claim proves control of the domain; the answer says every time that this is not a paid plan. */
function noteFor(status: ClaimStatus, domain: string): string {
  const notPaid = 'Verified is not the same as paid: it does not change the plan, launch week or paid sections.';
  switch (status) {
    case 'verified':
      return `Verified: you showed you control ${domain} and you are now the listing's owner. ${notPaid}`;
    case 'expired':
      return `This claim expired before it was verified. Start a new claim to try again. ${notPaid}`;
    case 'rejected':
      return (
        `This claim was closed because another account verified ownership of the listing first. Start a new ` +
        `claim if the listing is yours. ${notPaid}`
      );
    default:
      return `Once verified, you become the listing's owner (showing as "Verified owner"). ${notPaid}`;
  }
}

export function claimView(c: ClaimRecord, now: Date): ClaimView {
  const status = claimStatus(c, now);
  const domain = claimHost(c.domain);
  return {
    id: c.id,
    listing: { slug: c.slug, name: c.listing_name, domain },
    method: c.method,
    email: c.email,
    status,
    instructions: instructionsFor(c),
    created_at: c.created_at,
    expires_at: c.expires_at,
    verified_at: c.verified_at,
    attempts: c.attempts,
    last_check: c.last_result,
    note: noteFor(status, domain),
  };
}
