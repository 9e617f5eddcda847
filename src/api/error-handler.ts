import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, PROBLEM_CONTENT_TYPE, problem, problemOf, type Problem } from './errors.js';
import { summarize, toFieldErrors } from './validation.js';

/** Maps anything thrown while handling a request to one RFC 9457 problem+json, on REST and MCP alike. */
export function toProblem(
  err: unknown,
  log?: FastifyRequest['log'],
): { problem: Problem; headers: Record<string, string> } {
  if (err instanceof HttpError) return { problem: problemOf(err), headers: err.headers };
  const fe = err as FastifyError & { validationContext?: string };
  if (fe && Array.isArray(fe.validation)) {
    const errors = toFieldErrors(fe.validation as any);
    return { problem: problem(400, summarize(errors) || 'The request is invalid.', errors), headers: {} };
  }
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large…
    const detail =
      fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'The body must not be empty when Content-Type is application/json.'
        : fe.message;
    return { problem: problem(fe.statusCode, detail), headers: {} };
  }
  if (isDatabaseUnavailable(err)) {
    log?.warn({ err }, 'database or dependency unavailable');
    return {
      problem: problem(
        503,
        'The service is briefly unavailable: its database (or a service it needs) cannot be reached. Please retry shortly.',
      ),
      headers: { 'retry-after': '5' },
    };
  }
  if (isStorageFull(err)) {
    // Nothing was stored (the statement's transaction rolled back); the operator must free space.
    log?.error({ err }, 'database storage full: free disk space');
    return {
      problem: problem(
        507,
        'The service cannot store anything more right now (its storage is full); nothing from this request was saved. Please retry later.',
      ),
      headers: { 'retry-after': '60' },
    };
  }
  // Data exceptions (class 22: a number or date out of range, bad text encoding) are values the
  // schemas let through but the database cannot store: the request is wrong, not the server.
  const sqlState = (err as { code?: unknown })?.code;
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
    log?.warn({ err }, 'value refused by the database');
    return { problem: problem(400, 'A value in the request is out of the range the service can store.'), headers: {} };
  }
  log?.error({ err }, 'unhandled error');
  return { problem: problem(500, 'Something went wrong on our side; it has been logged.'), headers: {} };
}

/** PostgreSQL shutting down or restarting, or no connection to it: a moment's outage, not a bug (answered 503). */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.test(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) return true;
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true; // AggregateError from a dual-stack connect
  return (
    typeof e.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
      e.message,
    )
  );
}

/** A write needed space the disk does not have: PostgreSQL's disk_full (53100), or Node's ENOSPC. */
export function isStorageFull(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return !!e && typeof e === 'object' && (e.code === '53100' || e.code === 'ENOSPC');
}

export function sendProblem(reply: FastifyReply, p: Problem, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.code(p.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(p));
}

/** Paths whose callers are programs (REST, MCP, OAuth endpoints, webhooks): they always get problem+json. */
const MACHINE_PATHS = /^\/(api\/|mcp(\/|$|\?)|\.well-known\/|webhooks\/|oauth\/(token|register|revoke)(\/|$|\?))/;
export const isMachinePath = (url: string) => MACHINE_PATHS.test(url);

/** Renders a problem as an HTML page for people (site paths); the API keeps its JSON. */
export type HtmlErrorPage = (req: FastifyRequest, p: Problem) => Promise<string>;

/** A problem as problem+json for programs, or as an HTML page for people on site paths. */
const problemSender =
  (htmlPage?: HtmlErrorPage) =>
  async (req: FastifyRequest, reply: FastifyReply, p: Problem, headers: Record<string, string> = {}) => {
    if (!htmlPage || isMachinePath(req.url)) return sendProblem(reply, p, headers);
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply
      .code(p.status)
      .type('text/html; charset=utf-8')
      .send(await htmlPage(req, p));
  };

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address holds a malformed percent-escape (for example a lone % or an invalid UTF-8 sequence).',
  FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long.',
};

/**
 * Fastify's `frameworkErrors` option: refusals made before routing (a malformed percent-escape,
 * an over-long path parameter) get the same problem shapes as every other error, not Fastify's own JSON.
 */
export function frameworkErrors(htmlPage?: HtmlErrorPage) {
  const send = problemSender(htmlPage);
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
    return send(req, reply, problem(status, FRAMEWORK_DETAILS[err.code] ?? err.message));
  };
}

export function installErrorHandlers(app: FastifyInstance, htmlPage?: HtmlErrorPage) {
  const send = problemSender(htmlPage);
  app.setErrorHandler((err, req, reply) => {
    const { problem: p, headers } = toProblem(err, req.log);
    return send(req, reply, p, headers);
  });
  app.setNotFoundHandler((req, reply) =>
    send(
      req,
      reply,
      problem(404, `No route for ${req.method} ${req.url.split('?')[0]}. The API reference is at /docs.`),
    ),
  );
}
