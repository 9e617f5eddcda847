import { fromJson, type NoRows, type Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';

export type CeremonyPurpose = 'register' | 'sign_in' | 'sign_up';

/** How long a browser has to answer a challenge (a passkey prompt, or autofill left open a while). */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * Keeps a challenge for the browser holding `browserToken` (a random value in its cookie; only the
 * hash is stored). Several may be open at once (two tabs, autofill and the button), each used once.
 */
export async function storeChallenge(
  db: Queryable,
  c: {
    challenge: string;
    browserToken: string;
    purpose: CeremonyPurpose;
    userId: number | null;
    payload?: object;
    now: Date;
  },
): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO webauthn_challenges (challenge, browser_hash, purpose, user_id, payload, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      c.challenge,
      sha256(c.browserToken),
      c.purpose,
      c.userId,
      JSON.stringify(c.payload ?? {}),
      new Date(c.now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    ],
  );
}

/**
 * Uses a challenge once: its payload when this browser was given it for this purpose (and this
 * account) and it has not expired, deleting it; null otherwise.
 */
export async function takeChallenge(
  db: Queryable,
  c: { challenge: string; browserToken: string; purpose: CeremonyPurpose; userId: number | null; now: Date },
): Promise<{ payload: Record<string, unknown> } | null> {
  const rows = await db.query<{ payload: Record<string, unknown> }>(
    `DELETE FROM webauthn_challenges
      WHERE challenge = $1 AND browser_hash = $2 AND purpose = $3 AND user_id IS NOT DISTINCT FROM $4 AND expires_at > $5
      RETURNING payload`,
    [c.challenge, sha256(c.browserToken), c.purpose, c.userId, c.now.toISOString()],
  );
  return rows[0] ? { payload: fromJson<Record<string, unknown>>(rows[0].payload) } : null;
}
