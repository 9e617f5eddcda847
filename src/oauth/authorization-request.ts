import type { AppContext } from '../app-context.js';
import { SCOPES, type Scope } from '../api/registry.js';
import { ClientError, findClient, type OAuthClient } from './clients.js';
import { CODE_CHALLENGE_PATTERN } from './pkce.js';
import { redirectUriMatches } from './redirect-uris.js';
import { firstValue } from '../site/forms/form-values.js';

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  state?: string;
  codeChallenge: string;
  scopes: Scope[];
  resources: string[];
}

/** Problems found before the redirect URI is trusted are shown to the person, never redirected (RFC 6749 §4.1.2.1). */
export type Parsed =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; show: string }
  | { ok: false; redirect: string };

type Params = Record<string, string | string[] | undefined>;

export const resourcesOf = (ctx: AppContext) => [`${ctx.config.publicUrl}/mcp`, `${ctx.config.publicUrl}/api/v1`];

export function errorRedirect(
  redirectUri: string,
  error: string,
  description: string,
  state: string | undefined,
  issuer: string,
): string {
  const u = new URL(redirectUri);
  u.searchParams.set('error', error);
  u.searchParams.set('error_description', description);
  if (state !== undefined) u.searchParams.set('state', state);
  u.searchParams.set('iss', issuer);
  return u.toString();
}

/** Validates an authorization request (GET query or the consent form's echo of it — never trusted twice). */
export async function parseAuthorizationRequest(ctx: AppContext, p: Params): Promise<Parsed> {
  const clientId = firstValue(p.client_id);
  if (!clientId) return { ok: false, show: 'The application did not say who it is (client_id is missing).' };
  let client: OAuthClient | null;
  try {
    client = await findClient(ctx, clientId);
  } catch (err) {
    if (err instanceof ClientError)
      return { ok: false, show: `The application could not be verified: ${err.message}.` };
    throw err;
  }
  if (!client) return { ok: false, show: 'This application is not registered here.' };
  const redirectUri = firstValue(p.redirect_uri);
  if (!redirectUri || !redirectUriMatches(client.redirect_uris, redirectUri)) {
    return {
      ok: false,
      show: 'The application asked to send you back to an address it did not register, so we stopped here.',
    };
  }
  const state = firstValue(p.state);
  const fail = (error: string, description: string): Parsed => ({
    ok: false,
    redirect: errorRedirect(redirectUri, error, description, state, ctx.config.publicUrl),
  });
  if (firstValue(p.response_type) !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  const challenge = firstValue(p.code_challenge);
  if (firstValue(p.code_challenge_method) !== 'S256' || !challenge)
    return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256');
  if (!CODE_CHALLENGE_PATTERN.test(challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  const scopeText = firstValue(p.scope);
  const asked = scopeText ? scopeText.split(' ').filter(Boolean) : [...SCOPES];
  const unknown = asked.filter((s) => !(SCOPES as string[]).includes(s));
  if (unknown.length) return fail('invalid_scope', `unknown scope: ${unknown.join(' ')}`);
  const known = resourcesOf(ctx);
  const resources = ([] as string[]).concat(p.resource ?? []);
  const badResource = resources.find((r) => !known.includes(r.replace(/\/+$/, '')));
  if (badResource)
    return fail('invalid_target', `unknown resource ${badResource}; this server protects ${known.join(' and ')}`);
  return {
    ok: true,
    request: {
      client,
      redirectUri,
      state,
      codeChallenge: challenge,
      scopes: [...new Set(asked)] as Scope[],
      resources: resources.length ? [...new Set(resources.map((r) => r.replace(/\/+$/, '')))] : known,
    },
  };
}
