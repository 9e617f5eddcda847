/** RFC 9457 problem details: the one error shape of REST and MCP alike (DESIGN §3). */
export interface FieldError { path: string; message: string }
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

const SLUGS: Record<number, string> = {
  400: 'invalid-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  409: 'conflict',
  413: 'too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  500: 'internal-error',
  501: 'not-implemented',
  503: 'unavailable',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** A problem a handler raises on purpose; anything else thrown is a 500 that hides its message. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;
  constructor(status: number, detail: string, opts: { errors?: FieldError[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {}) {
    super(detail);
    this.status = status;
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
    this.extra = opts.extra ?? {};
  }
  toProblem(): Problem { return problem(this.status, this.message, this.errors, this.extra); }
}

export function problem(status: number, detail: string, errors?: FieldError[], extra: Record<string, unknown> = {}): Problem {
  const p: Problem = {
    type: `https://launchdeck.dev/problems/${SLUGS[status] ?? `http-${status}`}`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...extra,
  };
  if (errors && errors.length > 0) p.errors = errors;
  return p;
}

export const badRequest = (detail: string, errors?: FieldError[]) => new HttpError(400, detail, { errors });
export const notFound = (detail: string) => new HttpError(404, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
/** One invalid field, named by its path (e.g. "body.fields.tagline"). */
export const invalidField = (path: string, message: string) => badRequest(`${path}: ${message}`, [{ path, message }]);
