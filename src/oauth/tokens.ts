import crypto from 'node:crypto';
import type { AppContext } from '../app-context.js';
import type { NoRows, Queryable } from '../db/client.js';
import { sha256 } from '../crypto/sha256.js';
import { SCOPES, type Principal, type Scope } from '../api/registry.js';

export const ACCESS_TOKEN_TTL_S = 3600;
const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
const CODE_TTL_MS = 60_000;
/**
 * How long the access token a refresh replaces keeps working (or until its own expiry, if sooner):
 * workers sharing one authorization may still send it while one of them refreshes, and should not
 * get stray 401s. Short, so that a refresh still ends a copy of the old token someone else holds.
 */
export const ROTATED_ACCESS_TOKEN_GRACE_MS = 60_000;

/** Opaque tokens with a readable prefix (so a leaked one is recognisable); only their hashes are stored. */
const newToken = (prefix: string) => `${prefix}${crypto.randomBytes(32).toString('base64url')}`;
export const isAccessToken = (t: string) => t.startsWith('lda_');

export interface CodePayload {
  client_id: string;
  user_id: number;
  redirect_uri: string;
  code_challenge: string;
  scopes: Scope[];
  resources: string[];
}
interface TokenPayload {
  client_id: string;
  user_id: number;
  scopes: Scope[];
  resources: string[];
  family: string;
}

/**
 * Records what the user allowed this client and returns the grant with every scope it now holds. A new
 * authorization adds to the scopes the grant already has (a step-up asks only for what is missing, and
 * must not lose the rest); one disconnected starts afresh. Scopes are kept in the registry's order.
 */
export async function upsertGrant(
  db: Queryable,
  userId: number,
  clientId: string,
  scopes: Scope[],
  resources: string[],
): Promise<{ id: number; scopes: Scope[] }> {
  const rows = await db.query<{ id: number; scopes: string[] }>(
    `INSERT INTO oauth_grants (user_id, client_id, scopes, resource) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, client_id) DO UPDATE
     SET scopes = ARRAY(
           SELECT s FROM unnest($5::text[]) WITH ORDINALITY AS known(s, i)
            WHERE s = ANY(EXCLUDED.scopes) OR (oauth_grants.revoked_at IS NULL AND s = ANY(oauth_grants.scopes))
            ORDER BY i),
         resource = EXCLUDED.resource, revoked_at = NULL, created_at = now()
     RETURNING id, scopes`,
    [userId, clientId, SCOPES.filter((s) => scopes.includes(s)), resources.join(' '), SCOPES],
  );
  return { id: rows[0].id, scopes: SCOPES.filter((s) => rows[0].scopes.includes(s)) };
}

/** The scopes this user has allowed this client and not disconnected (none when never asked). */
export async function grantedScopes(db: Queryable, userId: number, clientId: string): Promise<Scope[]> {
  const rows = await db.query<{ scopes: string[] }>(
    'SELECT scopes FROM oauth_grants WHERE user_id = $1 AND client_id = $2 AND revoked_at IS NULL',
    [userId, clientId],
  );
  return SCOPES.filter((s) => rows[0]?.scopes.includes(s));
}

export async function issueCode(ctx: AppContext, grantId: number, payload: CodePayload): Promise<string> {
  const code = newToken('ldx_');
  await ctx.db.query<NoRows>(
    'INSERT INTO oauth_artifacts (kind, id, grant_id, payload, expires_at) VALUES ($1, $2, $3, $4, $5)',
    ['code', sha256(code), grantId, JSON.stringify(payload), new Date(ctx.now().getTime() + CODE_TTL_MS).toISOString()],
  );
  return code;
}

/**
 * Spends an authorization code once. A second use means it leaked: every token issued from it is
 * revoked (OAuth 2.1 §4.1.3) and null is returned.
 */
export async function consumeCode(
  ctx: AppContext,
  code: string,
): Promise<{ grantId: number; payload: CodePayload } | null> {
  const now = ctx.now().toISOString();
  const rows = await ctx.db.query<{
    grant_id: number;
    payload: CodePayload;
    expires_at: string;
    consumed_at: string | null;
  }>(`SELECT grant_id, payload, expires_at, consumed_at FROM oauth_artifacts WHERE kind = 'code' AND id = $1`, [
    sha256(code),
  ]);
  const row = rows[0];
  if (!row) return null;
  if (row.consumed_at) {
    // Tokens issued from a code carry the code's hash as their family.
    await revokeFamily(ctx.db, row.grant_id, sha256(code), ctx.now());
    return null;
  }
  const claimed = await ctx.db.query<{ id: string }>(
    `UPDATE oauth_artifacts SET consumed_at = $2 WHERE kind = 'code' AND id = $1 AND consumed_at IS NULL RETURNING id`,
    [sha256(code), now],
  );
  if (claimed.length === 0 || Date.parse(row.expires_at) <= ctx.now().getTime()) return null;
  return { grantId: row.grant_id, payload: row.payload };
}

export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** An access token bound to its audiences and a rotating refresh token, in one token family. */
export async function issueTokens(
  ctx: AppContext,
  grantId: number,
  p: Omit<TokenPayload, 'family'>,
  family: string,
): Promise<TokenSet> {
  const access = newToken('lda_');
  const refresh = newToken('ldr_');
  const now = ctx.now().getTime();
  const payload = JSON.stringify({ ...p, family });
  await ctx.db.query<NoRows>(
    `INSERT INTO oauth_artifacts (kind, id, grant_id, payload, expires_at)
      VALUES ('access', $1, $3, $4, $5), ('refresh', $2, $3, $4, $6)`,
    [
      sha256(access),
      sha256(refresh),
      grantId,
      payload,
      new Date(now + ACCESS_TOKEN_TTL_S * 1000).toISOString(),
      new Date(now + REFRESH_TOKEN_TTL_MS).toISOString(),
    ],
  );
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    refresh_token: refresh,
    scope: p.scopes.join(' '),
  };
}

export type RefreshOutcome =
  | { ok: true; grantId: number; payload: TokenPayload }
  | { ok: false; error?: string; reason: string };

/** Why a refresh may not be given what it asks (an OAuth error code and its description), or null. */
export type RefreshCheck = (payload: TokenPayload) => { error: string; reason: string } | null;

/**
 * Rotates a refresh token: the presented one is spent, and the access tokens issued before it keep
 * working only for ROTATED_ACCESS_TOKEN_GRACE_MS. Presenting a spent one again is reuse — someone
 * else has a copy — so its whole family is revoked. `check` refuses what the request asks beyond the
 * grant before the token is spent, so a mistaken request does not cost the client its refresh token.
 */
export async function useRefreshToken(
  ctx: AppContext,
  token: string,
  clientId: string,
  check: RefreshCheck = () => null,
): Promise<RefreshOutcome> {
  const now = ctx.now();
  const rows = await ctx.db.query<{
    grant_id: number;
    payload: TokenPayload;
    expires_at: string;
    consumed_at: string | null;
    revoked_at: string | null;
  }>(
    `SELECT a.grant_id, a.payload, a.expires_at, a.consumed_at, g.revoked_at FROM oauth_artifacts a
      JOIN oauth_grants g ON g.id = a.grant_id
      WHERE a.kind = 'refresh' AND a.id = $1`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || row.payload.client_id !== clientId) return { ok: false, reason: 'unknown refresh token' };
  if (row.revoked_at) return { ok: false, reason: 'the authorization was revoked' };
  if (row.consumed_at) {
    await revokeFamily(ctx.db, row.grant_id, row.payload.family, now);
    return { ok: false, reason: 'refresh token reused; this authorization has been revoked' };
  }
  if (Date.parse(row.expires_at) <= now.getTime()) return { ok: false, reason: 'refresh token expired' };
  const refused = check(row.payload);
  if (refused) return { ok: false, ...refused };
  const claimed = await ctx.db.query<{ id: string }>(
    `UPDATE oauth_artifacts SET consumed_at = $2 WHERE kind = 'refresh' AND id = $1 AND consumed_at IS NULL
      RETURNING id`,
    [sha256(token), now.toISOString()],
  );
  if (claimed.length === 0) {
    await revokeFamily(ctx.db, row.grant_id, row.payload.family, now);
    return { ok: false, reason: 'refresh token reused; this authorization has been revoked' };
  }
  await shortenAccessTokens(
    ctx.db,
    row.grant_id,
    row.payload.family,
    new Date(now.getTime() + ROTATED_ACCESS_TOKEN_GRACE_MS),
  );
  return { ok: true, grantId: row.grant_id, payload: row.payload };
}

/** The family's live access tokens (those issued before this rotation) expire by `until` at the latest. */
async function shortenAccessTokens(db: Queryable, grantId: number, family: string, until: Date) {
  await db.query<NoRows>(
    `UPDATE oauth_artifacts SET expires_at = $3 WHERE grant_id = $1 AND kind = 'access' AND payload->>'family' = $2
      AND consumed_at IS NULL AND expires_at > $3`,
    [grantId, family, until.toISOString()],
  );
}

async function revokeFamily(db: Queryable, grantId: number, family: string, now: Date) {
  await db.query<NoRows>(
    `UPDATE oauth_artifacts SET consumed_at = $3 WHERE grant_id = $1 AND payload->>'family' = $2
      AND consumed_at IS NULL`,
    [grantId, family, now.toISOString()],
  );
}

/** RFC 7009: revokes an access or refresh token of this client (and, for a refresh token, its family). */
export async function revokeToken(ctx: AppContext, token: string, clientId: string): Promise<void> {
  const rows = await ctx.db.query<{ kind: string; grant_id: number; payload: TokenPayload }>(
    `SELECT kind, grant_id, payload FROM oauth_artifacts WHERE kind IN ('access', 'refresh') AND id = $1`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row || row.payload.client_id !== clientId) return;
  if (row.kind === 'refresh') await revokeFamily(ctx.db, row.grant_id, row.payload.family, ctx.now());
  else
    await ctx.db.query<NoRows>(
      `UPDATE oauth_artifacts SET consumed_at = $2 WHERE kind = 'access' AND id = $1 AND consumed_at IS NULL`,
      [sha256(token), ctx.now().toISOString()],
    );
}

/** Disconnecting an app: its grant and every token of it stop working at once. */
export async function revokeGrant(db: Queryable, userId: number, grantId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE oauth_grants SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id',
    [grantId, userId],
  );
  if (rows.length === 0) return false;
  await db.query<NoRows>('UPDATE oauth_artifacts SET consumed_at = now() WHERE grant_id = $1 AND consumed_at IS NULL', [
    grantId,
  ]);
  return true;
}

export type AccessCheck = { principal: Principal } | { error: string };

/** Verifies an access token for one audience (RFC 8707): a token for the MCP server is not a REST token. */
export async function verifyAccessToken(ctx: AppContext, token: string, audience: string): Promise<AccessCheck> {
  const rows = await ctx.db.query<{
    payload: TokenPayload;
    expires_at: string;
    consumed_at: string | null;
    revoked_at: string | null;
    email: string;
    is_admin: boolean;
  }>(
    `SELECT a.payload, a.expires_at, a.consumed_at, g.revoked_at, u.email, u.is_admin
       FROM oauth_artifacts a JOIN oauth_grants g ON g.id = a.grant_id JOIN users u ON u.id = g.user_id
      WHERE a.kind = 'access' AND a.id = $1`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) return { error: 'The access token is not valid.' };
  if (row.consumed_at || row.revoked_at) return { error: 'The access token has been revoked.' };
  if (Date.parse(row.expires_at) <= ctx.now().getTime()) return { error: 'The access token has expired.' };
  if (!row.payload.resources.includes(audience))
    return { error: `The access token was issued for ${row.payload.resources.join(', ')}, not ${audience}.` };
  return {
    principal: {
      userId: row.payload.user_id,
      email: row.email,
      isAdmin: row.is_admin,
      via: 'oauth',
      scopes: row.payload.scopes.filter((s): s is Scope => (SCOPES as string[]).includes(s)),
    },
  };
}

export interface ConnectedApp {
  id: number;
  client_name: string;
  scopes: string[];
  created_at: string;
}

/** The apps a user has granted access to and not disconnected, newest first. */
export async function connectedApps(db: Queryable, userId: number): Promise<ConnectedApp[]> {
  return db.query<ConnectedApp>(
    `SELECT g.id, coalesce(c.metadata->>'client_name', g.client_id) AS client_name, g.scopes, g.created_at
       FROM oauth_grants g JOIN oauth_clients c ON c.client_id = g.client_id
      WHERE g.user_id = $1 AND g.revoked_at IS NULL ORDER BY g.created_at DESC`,
    [userId],
  );
}
