import { hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** argon2id with the library's defaults (OWASP-recommended memory and time costs). */
export const hashPassword = (password: string) => hash(password);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
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
  dummyHash ??= hash('not a password anyone has: launchdeck');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** Why a password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}
