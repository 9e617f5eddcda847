import diagnostics from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/**
 * Each argon2 hash or check (tens of milliseconds of CPU) is published here, 'hash' or 'verify',
 * for whatever observes it — the tests that prove the passkey, email-link and provider paths spend
 * none. Nothing is sent while nobody subscribes.
 */
export const ARGON2_CHANNEL = 'launchdeck:argon2';
const argon2Work = diagnostics.channel(ARGON2_CHANNEL);
const tell = (what: 'hash' | 'verify') => {
  if (argon2Work.hasSubscribers) argon2Work.publish(what);
};

/** argon2id with the library's defaults (OWASP-recommended memory and time costs). */
export const hashPassword = (password: string) => {
  tell('hash');
  return hash(password);
};

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  tell('verify');
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real argon2id hash of a throwaway password, made once: checking against it costs what checking a real one does.
let dummyHash: Promise<string> | null = null;

/** For an unknown email: spends the time a real check would, and always fails. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not a password anyone has: launchdeck');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}
