import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Names of query and path parameters whose values are credentials: tokens, codes, keys, passwords. */
const SECRET_NAME = /token|code|key|secret|password|passwd|signature|sig$|ticket|session/i;
const REDACTED = '[redacted]';

/**
 * The URL as it may be logged: values of secret-named query parameters (`/verify-email?token=…`,
 * `/reset-password?token=…`) and path parameters (`/invites/:token`) replaced by [redacted].
 */
export function loggableUrl(url: string, params: Record<string, unknown> = {}): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const [name, value] of Object.entries(params)) {
    if (SECRET_NAME.test(name) && typeof value === 'string' && value !== '') {
      path = path
        .split('/')
        .map((seg) => (seg === value || seg === encodeURIComponent(value) ? REDACTED : seg))
        .join('/');
    }
  }
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        /* keep it as sent */
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
  return `${path}?${query.join('&')}`;
}

/** Fields of anything logged that hold credentials, wherever a log call puts them. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.code_verifier',
  '*.key',
  '*.secret',
  '*.client_secret',
];

/**
 * Logger options (pino, through Fastify) that keep credentials out of the logs: URLs logged with
 * their secret parameters redacted, credential headers and fields censored. Request ids stay on
 * every line (Fastify's reqId).
 */
export function withLogHygiene(logger: true | Record<string, unknown>): Record<string, unknown> {
  const base = logger === true ? {} : logger;
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url, (req.params ?? {}) as Record<string, unknown>),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      ...(base.serializers as object | undefined),
    },
  };
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * A request's id: the caller's X-Request-Id when it is a short plain token (a proxy's trace id),
 * else a random UUID — unique across instances, unlike a per-process counter.
 */
export function requestIdFor(req: { headers: Record<string, string | string[] | undefined> }): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}
