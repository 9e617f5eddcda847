import type { AppError, FieldError } from '../errors/app-error.js';

/** RFC 9457 problem details: the one error shape of REST and MCP alike (ARCHITECTURE.md "Errors"). */
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
  507: 'Insufficient Storage',
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
  507: 'storage-full',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

// The error class and its helpers live below both layers (src/errors/); HttpError is the API's name for it.
export {
  AppError as HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  type FieldError,
} from '../errors/app-error.js';

/** The problem document of an error raised on purpose, by the domain or the API. */
export function problemOf(err: AppError): Problem {
  return problem(err.status, err.message, err.errors, err.extra);
}

export function problem(
  status: number,
  detail: string,
  errors?: FieldError[],
  extra: Record<string, unknown> = {},
): Problem {
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
