import type { Queryable } from '../../db/client.js';
import type { SignInThrottleConfig } from '../../config.js';
import { findUserByEmail, type User } from './user-repository.js';
import { verifyPassword, verifyAgainstDummy } from './passwords.js';
import { accountKey, addressKey, lockMs, secondsUntil } from './sign-in-throttle.js';
import { clearKey, countFailure, lockKey, lockedUntil } from './sign-in-attempt-repository.js';

export type SignInOutcome =
  | { ok: true; user: User }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Every password sign-in (site form, OAuth authorize): refused while the account or the address
 * is locked; an unknown email costs the same password hash as a known one, so neither the answer
 * nor its timing says whether the account exists. Failures count per account and per address;
 * success clears the account's count (not the address's: one good account must not reset a
 * guesser's address).
 */
export async function passwordSignIn(
  db: Queryable,
  input: { email: string; password: string; address: string; now: Date; policy: SignInThrottleConfig },
): Promise<SignInOutcome> {
  const { policy, now } = input;
  const email = input.email.trim();
  const account = accountKey(email);
  const address = addressKey(input.address);
  const locked = await lockedUntil(db, [account, address], now);
  if (locked) return { ok: false, reason: 'throttled', retryAfterSeconds: secondsUntil(locked, now) };

  const user = email ? await findUserByEmail(db, email) : null;
  const good = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (user && good) {
    await clearKey(db, account);
    return { ok: true, user };
  }

  let longest = 0;
  for (const [key, limit] of [
    [account, policy.accountFailures],
    [address, policy.addressFailures],
  ] as const) {
    const ms = lockMs(await countFailure(db, key, now, policy.windowMs), limit, policy);
    if (ms > 0) await lockKey(db, key, new Date(now.getTime() + ms));
    longest = Math.max(longest, ms);
  }
  if (longest > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(longest / 1000) };
  return { ok: false, reason: 'wrong' };
}

/** What the sign-in page says while a lock holds. */
export function throttledMessage(seconds: number): string {
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed sign-ins. Wait ${wait} and try again, or reset your password.`;
}
