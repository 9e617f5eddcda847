import type { NoRows } from './db/client.js';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import formbody from '@fastify/formbody';
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import type { AppContext } from './app-context.js';
import { compile } from './api/validation.js';
import { frameworkErrors, installErrorHandlers, isMachinePath } from './api/error-handler.js';
import { HttpError } from './api/errors.js';
import { BODY_LIMIT_BYTES, registerRestRoutes } from './api/rest.js';
import { operations } from './api/operations/index.js';
import { buildOpenApi } from './api/openapi.js';
import { sha256 } from './crypto/sha256.js';
import { sharedRateLimits } from './api/shared-rate-limit.js';
import { registerAssetRoutes } from './site/assets.js';
import { htmlErrorPage } from './site/error-pages.js';
import { machineSecurityHeaders, securityHeaders } from './site/security-headers.js';
import { VIDEO_PLAYER_ORIGINS } from './domain/media/video-links.js';
import { registerMcpRoutes } from './mcp/mcp-routes.js';
import { registerWebhookRoutes } from './payments/webhook-routes.js';
import { registerSiteAreas } from './site/site-areas.js';
import { installSiteRequest } from './site/site-request.js';
import { registerAuthorizeRoutes } from './oauth/authorize-routes.js';
import { registerTokenRoutes } from './oauth/token-routes.js';
import { installMetrics } from './metrics/install-metrics.js';
import { requestIdFor, withLogHygiene } from './logging/log-hygiene.js';
import { installCompression, sendPrecompressed } from './net/compress-replies.js';
import { Precompressed } from './net/content-coding.js';

export interface BuildOptions {
  logger?: boolean | Record<string, unknown>;
}

/** Builds the whole HTTP app (API, docs, site) without listening, so tests can inject requests. */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const htmlErrors = htmlErrorPage(ctx);
  const app = Fastify({
    // Credentials never reach the logs: secret URL parameters and credential headers are redacted.
    logger: opts.logger ? withLogHygiene(opts.logger) : false,
    frameworkErrors: frameworkErrors(htmlErrors),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Slugs and ids are case- and slash-sensitive; keep routes strict but forgive a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: false,
    genReqId: requestIdFor,
  });
  // Query and path text is coerced to the declared types; JSON bodies are validated as sent.
  app.setValidatorCompiler(({ schema, httpPart }) => compile(schema, httpPart !== 'body'));
  // First, so every request is timed: counts and latencies per operation, and GET /metrics (README "Monitoring").
  installMetrics(app, ctx, operations);
  installErrorHandlers(app, htmlErrors);
  // Brotli or gzip for every text answer (before any route, so that every route has the hook).
  installCompression(app);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    // A POST without a body (submit_draft, verify_claim…) is fine even when a client sets the JSON content type.
    if (body === '' || body === undefined) return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
  });
  // Security headers on every response. Scripts and styles only from our own files (no inline
  // ones anywhere); images only from our origin too (logos are fetched once and served from /images/,
  // never hot-linked), plus data: URIs. Frames only from the demo videos' privacy-enhanced players,
  // which a listing page loads when the visitor presses play (nothing from them before). No form-action:
  // the consent page and checkout post forms that redirect to OAuth clients and to Stripe.
  const https = ctx.config.publicUrl.startsWith('https:');
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-src': [...VIDEO_PLAYER_ORIGINS],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    // Badges and listing images are embedded on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Among the reply's own headers, checked once when the head is written (on the raw response they
  // were checked twice, ≈ 5 µs a request); hijacked replies carry them too (MCP copies the reply's
  // headers), and a route may still set its own (badge SVGs, images, the consent page).
  const machineHeaders = machineSecurityHeaders(https);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isMachinePath(req.url) ? machineHeaders : headers);
    done();
  });
  await app.register(cookie, { secret: ctx.secret });
  await app.register(formbody);
  // Double-submit CSRF tokens in a signed, HttpOnly, SameSite=Lax cookie, checked on every form post.
  await app.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieOpts: { signed: true, httpOnly: true, sameSite: 'lax', path: '/' },
  });
  // One CSRF secret per page: while the browser has no CSRF cookie yet, the plugin makes a new
  // secret (and cookie) on every call, which would void the tokens of the page's other forms
  // (vote, follow, review, comment). API and MCP calls never use it.
  // (A callback, not an async hook: a promise per request is a measurable share of a cached read.)
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/mcp')) return done();
    const generate = reply.generateCsrf;
    let token: string | undefined;
    reply.generateCsrf = function (this: typeof reply, opts) {
      return (token ??= generate.call(this, opts));
    };
    done();
  });
  // With REDIS_URL every instance counts in one Redis (falling back to its own memory while Redis is
  // away); without it each instance counts its own requests.
  const shared = ctx.config.redisUrl
    ? sharedRateLimits(ctx.config.redisUrl, { prefix: `launchdeck:rl:${ctx.config.siteKey}:`, log: app.log })
    : null;
  if (shared) {
    app.addHook('onClose', () => shared.close());
    await shared.connected(2_000);
  }
  await app.register(rateLimit, {
    global: true,
    ...(shared ? { store: shared.Store } : {}),
    max: ctx.config.rateLimit.max,
    timeWindow: ctx.config.rateLimit.windowMs,
    enableDraftSpec: true,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // A verified credential is one client wherever it calls from; everyone else is counted by
    // address — so made-up tokens cannot open fresh buckets to dodge the limit.
    keyGenerator: (req) => {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      if (token) {
        const hash = sha256(token);
        if (ctx.credentials.get(hash)) return `k:${hash.slice(0, 32)}`;
      }
      return `ip:${req.ip}`;
    },
    errorResponseBuilder: (_req, c) =>
      new HttpError(
        429,
        `Rate limit of ${c.max} requests per ${Math.round(c.ttl / 1000) || 1} s reached; retry after ${Math.ceil(c.ttl / 1000)} s.`,
      ),
  });

  const openapi = buildOpenApi(operations, { publicUrl: ctx.config.publicUrl, siteName: ctx.site.name });
  // 200 KB that never change while the process runs: compressed once, at full effort.
  const openapiJson = new Precompressed(Buffer.from(JSON.stringify(openapi)), 'once');
  app.get('/api/v1/openapi.json', (req, reply) => sendPrecompressed(req, reply.type('application/json'), openapiJson));
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await ctx.db.query<NoRows>('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
  registerRestRoutes(app, operations, ctx);
  registerMcpRoutes(app, operations, ctx);
  installSiteRequest(app, ctx);
  registerAssetRoutes(app, { publicUrl: ctx.config.publicUrl, siteName: ctx.site.name, purpose: ctx.site.purpose });
  await registerSiteAreas(app, ctx, { openapi });
  await registerWebhookRoutes(app, ctx);
  registerAuthorizeRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  return app;
}
