import crypto from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';
import { SCOPES, type Scope } from './scopes.js';

export interface ApiKeyRecord {
  id: number;
  name: string;
  prefix: string;
  scopes: Scope[];
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

const COLUMNS = 'id, name, prefix, scopes, expires_at, last_used_at, revoked_at, created_at';

export function parseScopes(input: string): { scopes: Scope[]; unknown: string[] } {
  const asked = input.split(/[\s,]+/).filter(Boolean);
  return {
    scopes: [...new Set(asked.filter((s): s is Scope => (SCOPES as string[]).includes(s)))],
    unknown: asked.filter((s) => !(SCOPES as string[]).includes(s)),
  };
}

/**
 * Creates a key and returns it in clear exactly once; only its SHA-256 is stored (a key has 192
 * random bits, so a fast hash is enough — unlike passwords, it cannot be guessed).
 */
export async function createApiKey(
  db: Queryable,
  userId: number,
  opts: { name: string; scopes: Scope[]; expiresAt?: Date | null },
): Promise<{ key: string; record: ApiKeyRecord }> {
  const key = `ldk_${crypto.randomBytes(24).toString('base64url')}`;
  const rows = await db.query<ApiKeyRecord>(
    `INSERT INTO api_keys (user_id, name, prefix, key_hash, scopes, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
      RETURNING ${COLUMNS}`,
    [
      userId,
      opts.name,
      key.slice(0, 12),
      sha256(key),
      opts.scopes,
      opts.expiresAt ? opts.expiresAt.toISOString() : null,
    ],
  );
  return { key, record: rows[0] };
}

export async function listApiKeys(db: Queryable, userId: number): Promise<ApiKeyRecord[]> {
  return db.query<ApiKeyRecord>(
    `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
}

/** Revokes at once; returns false when the key is not this user's (or already revoked). */
export async function revokeApiKey(db: Queryable, userId: number, keyId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
    [keyId, userId],
  );
  return rows.length > 0;
}
