import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { SCOPES, type Scope } from '../api/registry.js';
import { sha256 } from '../crypto/sha256.js';
import { ClientError, findClient, registerClient, verifyClientSecret, type OAuthClient } from './clients.js';
import { verifyPkce } from './pkce.js';
import { resourcesOf } from './authorization-request.js';
import { consumeCode, issueTokens, revokeToken, useRefreshToken } from './tokens.js';

type Form = Record<string, string | undefined>;

function oauthError(reply: FastifyReply, status: number, error: string, description: string) {
  if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="oauth"');
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .send({ error, error_description: description });
}

/** Client authentication at the token and revocation endpoints: Basic, post body, or none for public clients. */
async function authenticateClient(
  ctx: AppContext,
  req: FastifyRequest,
  body: Form,
): Promise<OAuthClient | { error: string }> {
  let clientId = body.client_id;
  let secret = body.client_secret;
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) return { error: 'malformed Basic credentials' };
    clientId = decodeURIComponent(decoded.slice(0, i));
    secret = decodeURIComponent(decoded.slice(i + 1));
  }
  if (!clientId) return { error: 'client_id is required' };
  let client: OAuthClient | null;
  try {
    client = await findClient(ctx, clientId);
  } catch (err) {
    if (err instanceof ClientError) return { error: err.message };
    throw err;
  }
  if (!client) return { error: 'unknown client' };
  if (!verifyClientSecret(client, secret)) return { error: 'client authentication failed' };
  return client;
}

/** Token, registration and revocation endpoints, plus RFC 8414 metadata. */
export function registerTokenRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const metadata = JSON.stringify({
    issuer: base,
    authorization_endpoint: `${base}/oauth/authorize`,
    token_endpoint: `${base}/oauth/token`,
    registration_endpoint: `${base}/oauth/register`,
    revocation_endpoint: `${base}/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/docs`,
  });
  // Browser-based MCP clients call these cross-origin; none of them uses cookies.
  const cors = (reply: FastifyReply) => reply.header('Access-Control-Allow-Origin', '*');
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    app.get(path, async (_req, reply) => cors(reply).type('application/json').send(metadata));
  }
  for (const path of ['/oauth/token', '/oauth/register', '/oauth/revoke']) {
    app.options(path, async (_req, reply) =>
      cors(reply)
        .header('Access-Control-Allow-Methods', 'POST')
        .header('Access-Control-Allow-Headers', 'authorization, content-type, mcp-protocol-version')
        .code(204)
        .send(),
    );
  }

  app.post<{ Body: Record<string, unknown> }>('/oauth/register', async (req, reply) => {
    cors(reply);
    if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body))
      return oauthError(reply, 400, 'invalid_client_metadata', 'send the client metadata as a JSON object');
    try {
      return reply
        .code(201)
        .header('Cache-Control', 'no-store')
        .send(await registerClient(ctx, req.body));
    } catch (err) {
      if (err instanceof ClientError) return oauthError(reply, 400, err.code, err.message);
      throw err;
    }
  });

  app.post<{ Body: Form }>('/oauth/token', async (req, reply) => {
    cors(reply);
    const body = (req.body ?? {}) as Form;
    const client = await authenticateClient(ctx, req, body);
    if ('error' in client) return oauthError(reply, 401, 'invalid_client', client.error);
    const known = resourcesOf(ctx);
    const asked = ([] as string[])
      .concat((body as Record<string, string | string[] | undefined>).resource ?? [])
      .map((r) => r.replace(/\/+$/, ''));

    if (body.grant_type === 'authorization_code') {
      if (!body.code || !body.code_verifier)
        return oauthError(reply, 400, 'invalid_request', 'code and code_verifier are required');
      const spent = await consumeCode(ctx, body.code);
      if (!spent) return oauthError(reply, 400, 'invalid_grant', 'the code is unknown, expired or already used');
      const p = spent.payload;
      if (p.client_id !== client.client_id)
        return oauthError(reply, 400, 'invalid_grant', 'the code was issued to another client');
      if (body.redirect_uri !== undefined && body.redirect_uri !== p.redirect_uri)
        return oauthError(reply, 400, 'invalid_grant', 'redirect_uri differs from the authorization request');
      if (!verifyPkce(body.code_verifier, p.code_challenge))
        return oauthError(reply, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      const resources = asked.length ? asked : p.resources;
      if (resources.some((r) => !p.resources.includes(r)))
        return oauthError(reply, 400, 'invalid_target', `the grant covers ${p.resources.join(' ')}`);
      const tokens = await issueTokens(
        ctx,
        spent.grantId,
        { client_id: client.client_id, user_id: p.user_id, scopes: p.scopes, resources },
        sha256(body.code),
      );
      return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens);
    }

    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token) return oauthError(reply, 400, 'invalid_request', 'refresh_token is required');
      // A refresh may narrow scopes and audiences, never widen them.
      const asksScopes = body.scope ? body.scope.split(' ').filter(Boolean) : null;
      const used = await useRefreshToken(ctx, body.refresh_token, client.client_id, (p) => {
        if (asksScopes?.some((s) => !p.scopes.includes(s as Scope)))
          return { error: 'invalid_scope', reason: `the grant covers ${p.scopes.join(' ')}` };
        const resources = asked.length ? asked : p.resources;
        if (resources.some((r) => !p.resources.includes(r) || !known.includes(r)))
          return { error: 'invalid_target', reason: `the grant covers ${p.resources.join(' ')}` };
        return null;
      });
      if (!used.ok) return oauthError(reply, 400, used.error ?? 'invalid_grant', used.reason);
      const p = used.payload;
      const scopes = asksScopes ?? p.scopes;
      const resources = asked.length ? asked : p.resources;
      const tokens = await issueTokens(
        ctx,
        used.grantId,
        { client_id: client.client_id, user_id: p.user_id, scopes: scopes as Scope[], resources },
        p.family,
      );
      return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(tokens);
    }
    return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });

  app.post<{ Body: Form }>('/oauth/revoke', async (req, reply) => {
    cors(reply);
    const body = (req.body ?? {}) as Form;
    const client = await authenticateClient(ctx, req, body);
    if ('error' in client) return oauthError(reply, 401, 'invalid_client', client.error);
    if (!body.token) return oauthError(reply, 400, 'invalid_request', 'token is required');
    await revokeToken(ctx, body.token, client.client_id);
    // RFC 7009: 200 whether or not the token was valid, so the endpoint tells nothing.
    return reply.code(200).header('Cache-Control', 'no-store').send({});
  });
}
