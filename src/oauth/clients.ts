import type { NoRows } from '../db/client.js';
import crypto from 'node:crypto';
import type { AppContext } from '../app-context.js';
import { sha256 } from '../crypto/sha256.js';
import { allowListFor } from '../net/address-policy.js';
import { safeFetch } from '../net/safe-fetch.js';
import { redirectUriProblem } from './redirect-uris.js';

export interface OAuthClient {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
  token_endpoint_auth_method: 'none' | 'client_secret_basic' | 'client_secret_post';
  client_uri?: string;
  logo_uri?: string;
  registration: 'dcr' | 'metadata_document';
  /** sha256 of the secret, for confidential clients */
  client_secret_hash?: string;
}

export class ClientError extends Error {
  constructor(
    readonly code: 'invalid_client_metadata' | 'invalid_redirect_uri' | 'invalid_client',
    message: string,
  ) {
    super(message);
  }
}

const str = (v: unknown, max: number) => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);

/** Validates RFC 7591 client metadata (from registration or a metadata document). */
export function validateClientMetadata(m: Record<string, unknown>): Omit<OAuthClient, 'client_id' | 'registration'> {
  const uris = m.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10)
    throw new ClientError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs');
  for (const u of uris) {
    if (typeof u !== 'string' || u.length > 2000)
      throw new ClientError('invalid_redirect_uri', 'each redirect URI must be a string of at most 2000 characters');
    const problem = redirectUriProblem(u);
    if (problem) throw new ClientError('invalid_redirect_uri', `redirect URI ${u} ${problem}`);
  }
  const method = (m.token_endpoint_auth_method ?? 'none') as string;
  if (!['none', 'client_secret_basic', 'client_secret_post'].includes(method))
    throw new ClientError(
      'invalid_client_metadata',
      'token_endpoint_auth_method must be none, client_secret_basic or client_secret_post',
    );
  const grants = (m.grant_types ?? ['authorization_code', 'refresh_token']) as unknown;
  if (!Array.isArray(grants) || grants.some((g) => !['authorization_code', 'refresh_token'].includes(g)))
    throw new ClientError('invalid_client_metadata', 'grant_types may only be authorization_code and refresh_token');
  const responses = (m.response_types ?? ['code']) as unknown;
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code'))
    throw new ClientError('invalid_client_metadata', 'response_types may only be code');
  return {
    client_name: str(m.client_name, 120) ?? 'Unnamed application',
    redirect_uris: uris as string[],
    token_endpoint_auth_method: method as OAuthClient['token_endpoint_auth_method'],
    client_uri: str(m.client_uri, 500),
    logo_uri: str(m.logo_uri, 500),
  };
}

/** RFC 7591 dynamic registration: public clients get no secret; confidential ones get one, shown once. */
export async function registerClient(ctx: AppContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const meta = validateClientMetadata(body);
  const clientId = `ldc_${crypto.randomBytes(16).toString('base64url')}`;
  const secret = meta.token_endpoint_auth_method === 'none' ? null : crypto.randomBytes(32).toString('base64url');
  const stored: OAuthClient = {
    ...meta,
    client_id: clientId,
    registration: 'dcr',
    ...(secret ? { client_secret_hash: sha256(secret) } : {}),
  };
  await ctx.db.query<NoRows>('INSERT INTO oauth_clients (client_id, registration, metadata) VALUES ($1, $2, $3)', [
    clientId,
    'dcr',
    JSON.stringify(stored),
  ]);
  const issuedAt = Math.floor(ctx.now().getTime() / 1000);
  return {
    client_id: clientId,
    client_id_issued_at: issuedAt,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_name: meta.client_name,
    redirect_uris: meta.redirect_uris,
    token_endpoint_auth_method: meta.token_endpoint_auth_method,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(meta.client_uri ? { client_uri: meta.client_uri } : {}),
    ...(meta.logo_uri ? { logo_uri: meta.logo_uri } : {}),
  };
}

const METADATA_TTL_MS = 3_600_000;

export const isMetadataDocumentId = (clientId: string) => /^https?:\/\//.test(clientId);

/**
 * A client by id: registered ones from the database; an https client_id is a Client ID Metadata
 * Document, fetched with the SSRF-safe client, validated (its client_id must be its own URL) and
 * cached for an hour.
 */
export async function findClient(ctx: AppContext, clientId: string): Promise<OAuthClient | null> {
  if (!clientId || clientId.length > 2000) return null;
  const rows = await ctx.db.query<{ metadata: OAuthClient; fetched_at: string | null }>(
    'SELECT metadata, fetched_at FROM oauth_clients WHERE client_id = $1',
    [clientId],
  );
  const cached = rows[0];
  if (
    cached &&
    (cached.metadata.registration !== 'metadata_document' ||
      (cached.fetched_at && ctx.now().getTime() - Date.parse(cached.fetched_at) < METADATA_TTL_MS))
  ) {
    return cached.metadata;
  }
  if (!isMetadataDocumentId(clientId)) return null;
  const doc = await fetchMetadataDocument(ctx, clientId);
  const client: OAuthClient = {
    ...validateClientMetadata(doc),
    client_id: clientId,
    registration: 'metadata_document',
    token_endpoint_auth_method: 'none',
  };
  await ctx.db.query<NoRows>(
    `INSERT INTO oauth_clients (client_id, registration, metadata, fetched_at) VALUES ($1, 'metadata_document', $2, $3)
     ON CONFLICT (client_id) DO UPDATE SET metadata = EXCLUDED.metadata, fetched_at = EXCLUDED.fetched_at`,
    [clientId, JSON.stringify(client), ctx.now().toISOString()],
  );
  return client;
}

async function fetchMetadataDocument(ctx: AppContext, clientId: string): Promise<Record<string, unknown>> {
  const url = new URL(clientId);
  if (url.pathname === '/' || url.hash)
    throw new ClientError('invalid_client', 'a client metadata document URL must have a path and no fragment');
  let res;
  try {
    res = await safeFetch(clientId, {
      allow: allowListFor(ctx.config.crawlAllowHosts),
      userAgent: `${ctx.site.name}-OAuth/1.0 (+${ctx.config.publicUrl})`,
      timeoutMs: 5_000,
      maxBytes: 10_000,
      maxRedirects: 0,
      httpsOnly: true,
      accept: 'application/json',
    });
  } catch (err) {
    throw new ClientError(
      'invalid_client',
      `the client metadata document could not be fetched: ${(err as Error).message}`,
    );
  }
  if (res.status !== 200)
    throw new ClientError('invalid_client', `the client metadata document answered HTTP ${res.status}`);
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new ClientError('invalid_client', 'the client metadata document is not JSON');
  }
  if (!doc || typeof doc !== 'object' || doc.client_id !== clientId)
    throw new ClientError('invalid_client', 'the client metadata document must name its own URL as client_id');
  if (doc.token_endpoint_auth_method && doc.token_endpoint_auth_method !== 'none')
    throw new ClientError(
      'invalid_client',
      'clients identified by a metadata document are public (token_endpoint_auth_method none)',
    );
  return doc;
}

export function verifyClientSecret(client: OAuthClient, secret: string | undefined): boolean {
  if (client.token_endpoint_auth_method === 'none') return true;
  if (!secret || !client.client_secret_hash) return false;
  const a = Buffer.from(sha256(secret));
  const b = Buffer.from(client.client_secret_hash);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
