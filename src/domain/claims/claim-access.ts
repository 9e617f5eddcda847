import type { Queryable } from '../../db/client.js';
import { forbidden } from '../../errors/app-error.js';
import { hasConfirmedEmail } from './claim-repository.js';

export const CONFIRM_EMAIL_FIRST =
  'Confirm your email address first: open the confirmation link we emailed you when you signed up, or send a ' +
  'new one from your account page (/account). Claiming a listing needs a confirmed address.';

/**
 * Starting or checking a claim needs a confirmed email address: an email claim's mail names the
 * account that asked, and an unconfirmed address there would make a ready-made phishing mail.
 * OAuth tokens and site sessions can belong to unconfirmed accounts, so this is checked here for
 * REST, MCP and the site alike. 403 otherwise.
 */
export async function requireConfirmedEmail(db: Queryable, userId: number): Promise<void> {
  if (!(await hasConfirmedEmail(db, userId))) throw forbidden(CONFIRM_EMAIL_FIRST);
}
