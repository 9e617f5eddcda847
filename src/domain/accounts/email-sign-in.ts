import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import { sha256 } from '../../crypto/sha256.js';
import { queueMail } from '../../mail/outbox.js';
import { reclaimUnconfirmedAccount } from './ways-in.js';
import {
  countWrongCode,
  type EmailSignIn,
  insertEmailSignIn,
  signInOfBrowser,
  spendOtherSignIns,
  usableByLink,
  useByCode,
  useByLink,
} from './email-sign-in-repository.js';
import { accountKey, addressKey, lockMs, secondsUntil } from './sign-in-throttle.js';
import { clearKey, countFailure, lockedUntil, lockKey } from './sign-in-attempt-repository.js';
import { confirmEmail, createUser, DuplicateEmailError, EMAIL_PATTERN, findUserByEmail } from './user-repository.js';

/**
 * Sign-in links by email. One mail holds a one-time link and a six-digit code for typing in the
 * browser that asked (when the mail is read on another device); both work for 15 minutes and using
 * one spends both. Every address gets a mail, with or without an account (then the mail says so and
 * the link creates it), so the answer never tells whether an account exists. Using the link or the
 * code proves the inbox: the address counts as confirmed. No password is hashed on these paths.
 */

export const EMAIL_SIGN_IN_TTL_MS = 15 * 60_000;
/** Wrong codes a mailed sign-in survives; the next one kills its code and its link. */
export const MAX_WRONG_CODES = 5;

const hashCode = (browserToken: string, code: string) =>
  crypto.createHmac('sha256', browserToken).update(code).digest('hex');

/** Requests count per address typed and per client, as failed password sign-ins do (README "Sign-in links by email"). */
const requestKeys = (email: string, address: string) => ({
  email: `email-link:${email.trim().toLowerCase()}`,
  client: `email-link-address:${address}`,
});

export type LinkRequestOutcome =
  | { ok: true }
  | { ok: false; reason: 'invalid_email' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Mails a sign-in link and code to `typed` for the browser holding `browserToken` (the code works
 * only there). Refused while this address or this client has asked too often.
 */
export async function requestEmailSignIn(
  ctx: AppContext,
  input: { email: string; next?: string; address: string; browserToken: string },
): Promise<LinkRequestOutcome> {
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return { ok: false, reason: 'invalid_email' };
  const now = ctx.now();
  const policy = ctx.config.signInThrottle;
  const keys = requestKeys(email, input.address);
  const locked = await lockedUntil(ctx.db, [keys.email, keys.client], now);
  if (locked) return { ok: false, reason: 'throttled', retryAfterSeconds: secondsUntil(locked, now) };
  for (const [key, limit] of [
    [keys.email, policy.accountFailures],
    [keys.client, policy.addressFailures],
  ] as const) {
    const ms = lockMs(await countFailure(ctx.db, key, now, policy.windowMs), limit, policy);
    if (ms > 0) await lockKey(ctx.db, key, new Date(now.getTime() + ms));
  }

  const user = await findUserByEmail(ctx.db, email);
  const token = crypto.randomBytes(32).toString('base64url');
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await insertEmailSignIn(ctx.db, {
    linkHash: sha256(token),
    browserHash: sha256(input.browserToken),
    codeHash: hashCode(input.browserToken, code),
    email: user?.email ?? email,
    userId: user?.id ?? null,
    next: input.next ?? null,
    now,
    expiresAt: new Date(now.getTime() + EMAIL_SIGN_IN_TTL_MS),
  });
  const site = ctx.site.name;
  const link = `${ctx.config.publicUrl}/signin/email/link?token=${token}`;
  const codeLine = `Or type this code on the ${site} page where you asked: ${code}`;
  await queueMail(
    ctx.db,
    user
      ? {
          to: user.email,
          subject: `Your ${site} sign-in link`,
          text: `Someone (hopefully you) asked to sign in to ${site} with this address.\n\nSign in by opening this link (it works once, for 15 minutes):\n${link}\n\n${codeLine}\n\nIf it was not you, ignore this message: nobody signs in without it.`,
        }
      : {
          to: email,
          subject: `Create your ${site} account`,
          text: `Someone (hopefully you) asked to sign in to ${site} with this address, but there is no ${site} account for it yet.\n\nOpen this link to create your account and sign in (it works once, for 15 minutes):\n${link}\n\n${codeLine}\n\nIf it was not you, ignore this message: no account is made without it.`,
        },
  );
  return { ok: true };
}

/** Who a link would sign in, without using it (the page asks before it signs in: mail scanners open links too). */
export async function previewSignInLink(
  ctx: AppContext,
  token: string,
): Promise<{ email: string; newAccount: boolean } | null> {
  const s = token ? await usableByLink(ctx.db, sha256(token), ctx.now(), MAX_WRONG_CODES) : null;
  if (!s) return null;
  return { email: s.email, newAccount: !(await findUserByEmail(ctx.db, s.email)) };
}

/** A mailed sign-in used: whose account it is, whether it was just made, and where to go next. */
export interface EmailSignInResult {
  userId: number;
  created: boolean;
  /** A password or passkeys set on the account before its address was proven were dropped. */
  dropped: boolean;
  next: string | null;
}

/**
 * The account of a used sign-in: found by its address, or created (confirmed) when there is none.
 * An account whose address was never confirmed could be a stranger's, made with the owner's
 * address before the owner arrived: what was set on it (password, passkeys, sessions) goes before
 * the owner signs in, so the stranger cannot share the account.
 */
async function complete(ctx: AppContext, s: EmailSignIn): Promise<EmailSignInResult> {
  const now = ctx.now();
  await spendOtherSignIns(ctx.db, s.email, now);
  let user = await findUserByEmail(ctx.db, s.email);
  let created = false;
  if (!user) {
    try {
      await createUser(ctx.db, { email: s.email, password: null });
      created = true;
    } catch (err) {
      if (!(err instanceof DuplicateEmailError)) throw err;
    }
    user = await findUserByEmail(ctx.db, s.email);
    if (!user) throw new Error(`the account of ${s.email} vanished while it was signed in to`);
  }
  let dropped = false;
  if (!user.email_verified_at) {
    const id = user.id;
    if (!created) dropped = await ctx.db.transaction((tx) => reclaimUnconfirmedAccount(tx, id, now));
    await confirmEmail(ctx.db, user.id, user.email, now);
  }
  return { userId: user.id, created, dropped, next: s.next };
}

/** Uses a link: the sign-in, or null when the link is unknown, used, expired or dead. */
export async function signInWithLink(ctx: AppContext, token: string): Promise<EmailSignInResult | null> {
  const s = token ? await useByLink(ctx.db, sha256(token), ctx.now(), MAX_WRONG_CODES) : null;
  return s ? complete(ctx, s) : null;
}

/** The address a browser's pending sign-in was mailed to (for its "check your email" page), if any. */
export async function pendingSignInOf(
  ctx: AppContext,
  browserToken: string,
): Promise<{ email: string; usable: boolean } | null> {
  const s = browserToken ? await signInOfBrowser(ctx.db, sha256(browserToken)) : null;
  if (!s) return null;
  const usable = !s.used_at && Date.parse(s.expires_at) > ctx.now().getTime() && s.wrong_codes < MAX_WRONG_CODES;
  return { email: s.email, usable };
}

export type CodeOutcome =
  | { ok: true; result: EmailSignInResult }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'dead' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Uses the code typed in the browser that asked. A wrong code counts against the mail (five kill
 * it) and, like a wrong password, against the account and the client's address, whose locks it
 * honours.
 */
export async function signInWithCode(
  ctx: AppContext,
  input: { browserToken: string; code: string; address: string },
): Promise<CodeOutcome> {
  const now = ctx.now();
  const policy = ctx.config.signInThrottle;
  const browserHash = sha256(input.browserToken);
  const pending = input.browserToken ? await signInOfBrowser(ctx.db, browserHash) : null;
  if (!pending || pending.used_at || Date.parse(pending.expires_at) <= now.getTime())
    return { ok: false, reason: 'expired' };
  if (pending.wrong_codes >= MAX_WRONG_CODES) return { ok: false, reason: 'dead' };
  const account = accountKey(pending.email);
  const address = addressKey(input.address);
  const locked = await lockedUntil(ctx.db, [account, address], now);
  if (locked) return { ok: false, reason: 'throttled', retryAfterSeconds: secondsUntil(locked, now) };

  const code = input.code.replace(/[\s-]/g, '');
  const used = /^\d{6}$/.test(code)
    ? await useByCode(ctx.db, browserHash, hashCode(input.browserToken, code), now, MAX_WRONG_CODES)
    : null;
  if (used) {
    await clearKey(ctx.db, account);
    return { ok: true, result: await complete(ctx, used) };
  }

  const wrong = await countWrongCode(ctx.db, browserHash, now);
  let longest = 0;
  for (const [key, limit] of [
    [account, policy.accountFailures],
    [address, policy.addressFailures],
  ] as const) {
    const ms = lockMs(await countFailure(ctx.db, key, now, policy.windowMs), limit, policy);
    if (ms > 0) await lockKey(ctx.db, key, new Date(now.getTime() + ms));
    longest = Math.max(longest, ms);
  }
  if (wrong === 0) return { ok: false, reason: 'expired' };
  if (wrong >= MAX_WRONG_CODES) return { ok: false, reason: 'dead' };
  if (longest > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(longest / 1000) };
  return { ok: false, reason: 'wrong', triesLeft: MAX_WRONG_CODES - wrong };
}
