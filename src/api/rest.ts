import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { authenticate, requireScope, type ChallengeTarget } from './auth.js';
import { HttpError } from './errors.js';
import { executeOperation } from './execute.js';
import { REPLAYED_HEADER, parseIdempotencyKey, requestHash, toStoredJson, withIdempotency } from './idempotency.js';
import { linkHeader } from './pagination.js';
import { jsonBytesOf, jsonTextOf } from './pre-serialized.js';
import { MIN_GZIP_BYTES, acceptsGzip, gzipOnce } from '../net/gzip.js';
import { offeredOn, type Operation, type Principal } from './registry.js';

const principals = new WeakMap<object, Principal | null>();
const idempotencyKeys = new WeakMap<object, string>();

export const API_PREFIX = '/api/v1';
/** The largest request body the app reads (app.ts); a larger one is a 413 (documented in OpenAPI). */
export const BODY_LIMIT_BYTES = 1_048_576;

export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** A route's preParsing hook: a body that is not sent as JSON is a 415 before anything reads it. */
async function refuseNonJsonBody<Payload>(req: FastifyRequest, _reply: unknown, payload: Payload): Promise<Payload> {
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (hasBody && type !== 'application/json')
    throw new HttpError(415, 'Send the body as JSON, with Content-Type: application/json.');
  return payload;
}

/** One Fastify route per registry operation: validation and serialization from its schemas. */
export function registerRestRoutes(app: FastifyInstance, ops: Operation[], ctx: AppContext) {
  // Site-only operations (votes, reviews, …) never get a REST route, whatever list is passed.
  for (const op of ops.filter((o) => offeredOn(o, 'api'))) {
    const status = op.status ?? 200;
    // A 401 names the scope this operation needs (every scope for a public one).
    const challengeTarget: ChallengeTarget = op.scope ? { scopes: [op.scope] } : {};
    const checkCredentials = async (req: FastifyRequest) => {
      const principal = await authenticate(ctx, req.headers.authorization, challengeTarget);
      if (op.scope) requireScope(ctx, principal, op.scope);
      principals.set(req, principal);
      // A malformed Idempotency-Key is refused before anything runs (absent: the request runs normally).
      if (op.idempotent && principal) {
        const key = parseIdempotencyKey(req.headers['idempotency-key']);
        if (key !== undefined) idempotencyKeys.set(req, key);
      }
    };
    app.route({
      method: op.method,
      url: API_PREFIX + fastifyPath(op.path),
      // Only the parts an operation has: Fastify warns about parts set to undefined.
      schema: {
        ...(op.params ? { params: op.params } : {}),
        ...(op.query ? { querystring: op.query } : {}),
        ...(op.body ? { body: op.body } : {}),
        response: { [status]: op.response },
      },
      // Bodies are JSON, as the document says: a form or text body would otherwise be parsed too (the
      // site's parsers are app-wide) and let in requests the document does not describe.
      // Before parsing, after the rate limit (whose onRequest hook every answer's RateLimit headers come from).
      ...(op.body ? { preParsing: refuseNonJsonBody } : {}),
      // Credentials are checked before the input: an anonymous caller learns it must sign in, not what the body lacks.
      preValidation: (req, _reply, done) => {
        // An anonymous read of a public operation needs no lookup, nor a promise (a cached read's hot path).
        if (!req.headers.authorization && !op.scope) return done();
        checkCredentials(req).then(() => done(), done);
      },
      handler: async (req, reply) => {
        const principal = principals.get(req) ?? null;
        const input = { ...(req.params as object), ...(req.query as object), ...(req.body as object) };
        const key = idempotencyKeys.get(req);
        if (key !== undefined && principal) {
          const out = await withIdempotency(
            ctx,
            {
              userId: principal.userId,
              key,
              operationId: op.operationId,
              requestHash: requestHash(op.operationId, input),
            },
            async () => ({ status, body: toStoredJson(await executeOperation(op, input, ctx, principal)) }),
          );
          if (out.replayed) reply.header(REPLAYED_HEADER, 'true');
          return reply.code(out.status).send(out.body);
        }
        const result = await executeOperation(op, input, ctx, principal);
        if (op.paginated) {
          const link = linkHeader(
            new URL(req.url, ctx.config.publicUrl),
            result as { page: number; total_pages: number },
          );
          if (link) reply.header('Link', link);
        }
        const text = jsonTextOf(result);
        if (text !== undefined) {
          reply.code(status).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
          // A cached read is gzipped once for every client that accepts it (fetch and browsers do).
          if (text.length >= MIN_GZIP_BYTES && acceptsGzip(req.headers['accept-encoding']))
            return reply.header('content-encoding', 'gzip').send(gzipOnce(result as object, text));
          return reply.send(jsonBytesOf(result as object, text));
        }
        return reply.code(status).send(result);
      },
    });
  }
}
