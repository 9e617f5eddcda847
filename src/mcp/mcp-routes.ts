import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createMcpHandler,
  localhostAllowedHostnames,
  validateHostHeader,
  validateOriginHeader,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { toNodeHandler, type NodeIncomingMessageLike } from '@modelcontextprotocol/node';
import type { AppContext } from '../app-context.js';
import { authenticate, requireScope, type ChallengeTarget } from '../api/auth.js';
import { sendProblem, toProblem } from '../api/error-handler.js';
import { problem } from '../api/errors.js';
import { offeredOn, type Operation, type Principal } from '../api/registry.js';
import { mcpResourceMetadataUrl, registerProtectedResourceRoutes } from './protected-resource.js';
import { parseJsonBody, scopesOfTools, scopesRequired } from './scope-gate.js';
import { buildToolCatalog, toolListsOf } from './tool-catalog.js';
import { createToolServer, serverInfoFor } from './tool-server.js';
import { fastToolCallReply, matchFastToolCall } from './fast-tool-call.js';
import { callTool } from './tool-call.js';
import { acceptsGzip } from '../net/gzip.js';

/** The same limit as the app's bodyLimit for REST. */
const MAX_BODY_BYTES = 1_048_576;

const rpcError = (message: string) => JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

/** The principal rides to the per-request server factory inside the SDK's pass-through AuthInfo. */
function authInfoFor(principal: Principal, authorization: string): AuthInfo {
  return {
    token: authorization.replace(/^Bearer\s+/i, '').trim(),
    clientId: `${principal.via}:${principal.userId}`,
    scopes: [...principal.scopes],
    extra: { principal },
  };
}
const principalOf = (authInfo: AuthInfo | undefined): Principal | null =>
  (authInfo?.extra?.principal as Principal | undefined) ?? null;

/**
 * Reads the raw body once, so auth can look at it and the SDK can still be handed the same bytes:
 * null when it is over the limit, 'aborted' when the client went away before sending all of it.
 */
async function readBody(raw: IncomingMessage, limit: number): Promise<Buffer | null | 'aborted'> {
  if (Number(raw.headers['content-length']) > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of raw) {
      size += (chunk as Buffer).length;
      if (size > limit) return null;
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (raw.destroyed) return 'aborted';
    throw err;
  }
  return Buffer.concat(chunks);
}

/** A request the SDK's Node adapter can read again: the original head, the already-read body. */
function replay(raw: IncomingMessage, body: Buffer | undefined, auth: AuthInfo | undefined): NodeIncomingMessageLike {
  return {
    method: raw.method,
    url: raw.url,
    headers: raw.headers,
    ...(auth ? { auth } : {}),
    async *[Symbol.asyncIterator]() {
      if (body && body.length > 0) yield body;
    },
  };
}

let replyHeadersKey: symbol | undefined;
/**
 * The headers set on the reply so far (rate limits), not yet on the raw response. Fastify keeps them
 * under an internal symbol; reading it spares the hot path getHeaders(), which also copies every raw
 * header (about 3 µs a call). Should a Fastify release rename it, the public getHeaders() serves.
 */
function replyHeadersOf(reply: FastifyReply): Record<string, string | number | string[]> {
  replyHeadersKey ??= Object.getOwnPropertySymbols(reply).find((s) => s.description === 'fastify.reply.headers');
  const own = replyHeadersKey && (reply as unknown as Record<symbol, unknown>)[replyHeadersKey];
  return own && typeof own === 'object'
    ? (own as Record<string, string>)
    : ({ ...reply.getHeaders() } as Record<string, string>);
}
/** Takes the response from Fastify, keeping the headers set so far (rate limits) on the raw response. */
function handOver(reply: FastifyReply): void {
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
}

/**
 * MCP over Streamable HTTP at /mcp: every registry operation as a tool, served by
 * the official SDK (2026-07-28 stateless plus the initialize-based 2025 revisions), with the REST
 * API's credentials, scopes and problem objects. Also serves the RFC 9728 metadata documents.
 */
export function registerMcpRoutes(app: FastifyInstance, ops: Operation[], ctx: AppContext): void {
  // Site-only operations (votes, reviews, …) are never tools, whatever list is passed.
  const catalog = buildToolCatalog(ops.filter((o) => offeredOn(o, 'mcp')));
  const lists = toolListsOf(catalog);
  const serverInfo = serverInfoFor(ctx);
  const target: ChallengeTarget = {
    resourceMetadataUrl: mcpResourceMetadataUrl(ctx),
    resource: `${ctx.config.publicUrl}/mcp`,
    scopes: scopesOfTools(catalog),
  };
  // DNS rebinding: only our public host and loopback names may reach the endpoint, on any port.
  const allowedHosts = [...new Set([new URL(ctx.config.publicUrl).hostname, ...localhostAllowedHostnames()])];
  // A client sends the same Host on every call: parse each one once (a URL parse per request adds up).
  const hostChecks = new Map<string, ReturnType<typeof validateHostHeader>>();
  const checkHost = (hostHeader: string) => {
    let checked = hostChecks.get(hostHeader);
    if (checked === undefined) {
      checked = validateHostHeader(hostHeader, allowedHosts);
      if (hostChecks.size < 256) hostChecks.set(hostHeader, checked);
    }
    return checked;
  };
  const handler = createMcpHandler(
    ({ authInfo, requestInfo }) =>
      createToolServer(catalog, ctx, principalOf(authInfo), app.log, {
        lists,
        protocolVersion: requestInfo?.headers.get('mcp-protocol-version'),
        headerKey: requestInfo?.headers.get('idempotency-key') ?? undefined,
      }),
    // Refused requests (405 on GET, bad envelopes…) are the client's mistakes, not ours: debug only.
    {
      legacy: 'stateless',
      maxRequestBodySize: MAX_BODY_BYTES,
      onerror: (err) => app.log.debug({ err }, 'MCP request refused'),
    },
  );
  const serve = toNodeHandler(handler, {
    maxRequestBodySize: MAX_BODY_BYTES,
    onerror: (err) => app.log.error({ err }, 'MCP adapter failed'),
  });
  app.addHook('onClose', async () => {
    await handler.close();
  });

  registerProtectedResourceRoutes(app, ctx);

  app.register(async (mcp) => {
    // The SDK reads the body itself (parse errors become JSON-RPC errors), so Fastify leaves it unread here.
    mcp.removeAllContentTypeParsers();
    mcp.addContentTypeParser('*', (_req, _payload, done) => done(null));
    // JSON (every valid MCP POST) is buffered by Fastify — faster than reading the stream here — but not parsed.
    mcp.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    mcp.route({
      // GET and DELETE go to the SDK too: stateless serving answers them 405 as the transport spec asks.
      method: ['GET', 'POST', 'DELETE'],
      url: '/mcp',
      handler: async (req, reply) => {
        const host = checkHost(req.host);
        const origin = validateOriginHeader(req.headers.origin, allowedHosts);
        if (!host.ok || !origin.ok) {
          return reply
            .code(403)
            .type('application/json')
            .send(rpcError(!host.ok ? host.message : !origin.ok ? origin.message : 'Forbidden'));
        }
        let body: Buffer | undefined;
        if (req.method === 'POST' && Buffer.isBuffer(req.body)) {
          body = req.body;
        } else if (req.method === 'POST') {
          const read = await readBody(req.raw, MAX_BODY_BYTES);
          // Nobody is left to answer (and it is not our failure, nor the database's): just let go.
          if (read === 'aborted') {
            reply.hijack();
            return;
          }
          // The same problem document as an oversized JSON body (refused by Fastify's parser) gets.
          if (!read)
            return sendProblem(
              reply.header('Connection', 'close'),
              problem(413, `The request body is larger than ${MAX_BODY_BYTES} bytes.`),
            );
          body = read;
        }
        let principal: Principal | null;
        const message = parseJsonBody(body);
        try {
          // A challenge names the scopes this body's tool calls need, or every tool's when they need none.
          const needed = scopesRequired(message, catalog);
          const asked = needed.length ? { ...target, scopes: needed } : target;
          // Anonymous calls (public tools) skip the async hop: it is a measurable share of a cached read.
          principal = req.headers.authorization ? await authenticate(ctx, req.headers.authorization, asked) : null;
          for (const scope of needed) requireScope(ctx, principal, scope, asked);
        } catch (err) {
          const { problem, headers } = toProblem(err, req.log);
          return sendProblem(reply, problem, headers);
        }
        const fast = req.method === 'POST' ? matchFastToolCall(req.headers, message, catalog) : null;
        if (fast) {
          const result = await callTool(fast.tool, fast.args, ctx, principal, req.log, fast.extras);
          const out = fastToolCallReply(fast, result, serverInfo, acceptsGzip(req.headers['accept-encoding']));
          // Written straight to the socket: the reply is final bytes, so Fastify's send pipeline
          // (onSend hooks, payload checks) would only cost time; onResponse still runs on finish.
          reply.hijack();
          const headers = replyHeadersOf(reply);
          headers['content-type'] = out.contentType;
          headers['content-length'] = String(out.length);
          Object.assign(headers, out.headers);
          const raw = reply.raw;
          raw.writeHead(200, headers);
          // Corked, the head and both chunks leave in one write to the socket (end() uncorks).
          raw.cork();
          for (const chunk of out.body) raw.write(chunk);
          raw.end();
          return;
        }
        handOver(reply);
        const auth =
          principal && req.headers.authorization ? authInfoFor(principal, req.headers.authorization) : undefined;
        await serve(replay(req.raw, body, auth), reply.raw);
      },
    });
  });
}
