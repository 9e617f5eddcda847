import type { SignInThrottleConfig } from '../../config.js';

/** The two things a guesser spends attempts against: one account, or everything from one address. */
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/**
 * How long a key is locked after its `failures`-th failure in the window: nothing below the limit,
 * then the base backoff, doubling with every further failure, up to the cap.
 */
export function lockMs(
  failures: number,
  limit: number,
  policy: Pick<SignInThrottleConfig, 'backoffMs' | 'maxBackoffMs'>,
): number {
  if (failures < limit) return 0;
  // Capped exponent: 2^30 × anything already exceeds every cap the config allows.
  return Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.min(failures - limit, 30));
}

/** Whole seconds until `lockedUntil`, at least 1 while it is in the future (for Retry-After). */
export function secondsUntil(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}
