import crypto from 'node:crypto';
import type { NoRows, Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';

export type EmailTokenKind = 'verify_email' | 'reset_password' | 'cofounder_invite' | 'email_claim';

/** A single-use token to send by mail; only its hash is stored. */
export async function issueEmailToken(
  db: Queryable,
  t: { kind: EmailTokenKind; email: string; userId: number | null; payload?: object; ttlMs: number; now: Date },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query<NoRows>(
    'INSERT INTO email_tokens (token_hash, kind, user_id, email, payload, created_at, expires_at) VALUES ($1, ' +
      '$2, $3, $4, $5, $6, $7)',
    [
      sha256(token),
      t.kind,
      t.userId,
      t.email,
      JSON.stringify(t.payload ?? {}),
      t.now.toISOString(),
      new Date(t.now.getTime() + t.ttlMs).toISOString(),
    ],
  );
  return token;
}

/** Uses a token once: returns its record, or null when unknown, of another kind, expired or used. */
export async function consumeEmailToken(
  db: Queryable,
  kind: EmailTokenKind,
  token: string,
  now: Date,
): Promise<{ user_id: number | null; email: string; payload: Record<string, unknown> } | null> {
  const rows = await db.query<{ user_id: number | null; email: string; payload: Record<string, unknown> }>(
    `UPDATE email_tokens SET used_at = $3 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING user_id, email, payload`,
    [sha256(token), kind, now.toISOString()],
  );
  return rows[0] ?? null;
}
