import type { NoRows } from '../db/client.js';
import type { AppContext } from '../app-context.js';
import { HttpError } from './errors.js';
import type { Principal, Scope } from './registry.js';
import { SCOPES } from './registry.js';
import { isAccessToken, verifyAccessToken } from '../oauth/tokens.js';

import { sha256 } from '../crypto/sha256.js';

export { sha256 };

/** Which protected resource a challenge names: REST by default; MCP passes its own metadata URL (RFC 9728). */
export interface ChallengeTarget {
  resourceMetadataUrl?: string /** the audience an OAuth token must carry (RFC 8707); REST by default */;
  resource?: string;
  /**
   * The scopes a 401 names (RFC 6750 §3), which an MCP client asks for when it authorizes: what the
   * request needs; every scope when that is unknown, as /oauth/authorize grants when none is asked.
   */
  scopes?: readonly Scope[];
}

/** Each scope once, in the order first named. */
const unionOf = (...lists: (readonly Scope[])[]): Scope[] => [...new Set(lists.flat())];

export const apiResourceMetadataUrl = (ctx: AppContext) =>
  `${ctx.config.publicUrl}/.well-known/oauth-protected-resource/api/v1`;

function challenge(
  ctx: AppContext,
  target: ChallengeTarget,
  error?: string,
  description?: string,
  scope?: string,
): string {
  const parts = [
    `Bearer realm="${ctx.site.name}"`,
    `resource_metadata="${target.resourceMetadataUrl ?? apiResourceMetadataUrl(ctx)}"`,
  ];
  if (error) parts.push(`error="${error}"`);
  if (description) parts.push(`error_description="${description}"`);
  if (scope) parts.push(`scope="${scope}"`);
  return parts.join(', ');
}

export function unauthorized(ctx: AppContext, detail: string, error?: string, target: ChallengeTarget = {}): HttpError {
  const scope = (target.scopes ?? SCOPES).join(' ');
  return new HttpError(401, detail, {
    headers: { 'WWW-Authenticate': challenge(ctx, target, error, error ? detail : undefined, scope) },
  });
}

/** Resolves `Authorization: Bearer …` to a principal; no header → null; a bad credential → 401. */
export async function authenticate(
  ctx: AppContext,
  authorization: string | undefined,
  target: ChallengeTarget = {},
): Promise<Principal | null> {
  if (!authorization) return null;
  // RFC 6750 §3: another scheme gets a bare challenge; a Bearer value that cannot be a token of ours is invalid_token.
  const scheme = /^(\S+)(?:\s+(.*))?$/.exec(authorization.trim());
  if (scheme?.[1].toLowerCase() !== 'bearer')
    throw unauthorized(ctx, 'Send "Authorization: Bearer <API key or access token>".', undefined, target);
  const token = (scheme[2] ?? '').trim();
  if (!/^[A-Za-z0-9._~+/=-]{8,512}$/.test(token))
    throw unauthorized(ctx, 'The bearer token is malformed.', 'invalid_token', target);
  if (isAccessToken(token)) {
    const check = await verifyAccessToken(ctx, token, target.resource ?? `${ctx.config.publicUrl}/api/v1`);
    if ('error' in check) throw unauthorized(ctx, check.error, 'invalid_token', target);
    return check.principal;
  }
  const hash = sha256(token);
  const cached = ctx.credentials.get(hash);
  if (cached) return cached;
  const rows = await ctx.db.query<{
    id: number;
    user_id: number;
    email: string;
    is_admin: boolean;
    scopes: string[];
    expires_at: string | null;
    revoked_at: string | null;
    last_used_at: string | null;
  }>(
    `SELECT k.id, k.user_id, u.email, u.is_admin, k.scopes, k.expires_at, k.revoked_at, k.last_used_at
       FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1`,
    [hash],
  );
  const key = rows[0];
  const now = ctx.now();
  if (!key) throw unauthorized(ctx, 'The API key or access token is not valid.', 'invalid_token', target);
  if (key.revoked_at) throw unauthorized(ctx, 'This API key has been revoked.', 'invalid_token', target);
  if (key.expires_at && new Date(key.expires_at) <= now)
    throw unauthorized(ctx, 'This API key has expired.', 'invalid_token', target);
  // Recording every use would add a write to every read; once a minute is precise enough to show.
  if (!key.last_used_at || now.getTime() - new Date(key.last_used_at).getTime() > 60_000) {
    ctx.db
      .query<NoRows>('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [key.id, now.toISOString()])
      .catch(() => {});
  }
  const principal: Principal = {
    userId: key.user_id,
    email: key.email,
    isAdmin: key.is_admin,
    scopes: key.scopes.filter((s): s is Scope => (SCOPES as string[]).includes(s)),
    via: 'api_key',
  };
  ctx.credentials.set(hash, principal, key.expires_at);
  return principal;
}

/**
 * 401 without a credential, 403 with `insufficient_scope` when the credential lacks the scope. The 403
 * names the scopes already granted before the ones needed (`target.scopes`, else `scope`): a client
 * that authorizes again with exactly that list keeps what it could do (MCP 2025-11-25, scope challenge).
 */
export function requireScope(
  ctx: AppContext,
  principal: Principal | null,
  scope: Scope,
  target: ChallengeTarget = {},
): Principal {
  const needed = unionOf(target.scopes ?? [], [scope]);
  if (!principal)
    throw unauthorized(
      ctx,
      `Sign-in required: send "Authorization: Bearer <API key or access token>" with the ${scope} scope.`,
      undefined,
      { ...target, scopes: needed },
    );
  if (!principal.scopes.includes(scope)) {
    const asked = unionOf(principal.scopes, needed).join(' ');
    throw new HttpError(403, `This credential lacks the ${scope} scope.`, {
      headers: {
        'WWW-Authenticate': challenge(ctx, target, 'insufficient_scope', `The ${scope} scope is required.`, asked),
      },
      extra: { required_scope: scope },
    });
  }
  return principal;
}
