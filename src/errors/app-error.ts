/**
 * The errors every layer shares (errors/ sits below api/ and domain/, see ARCHITECTURE.md): the domain throws them, the
 * API renders them as RFC 9457 problem documents (src/api/errors.ts), pages as HTML. `status` is
 * the problem's status — the HTTP status code RFC 9457 gives every problem — not a transport detail.
 */
export interface FieldError {
  path: string;
  message: string;
}

/** A refusal raised on purpose; anything else thrown is a 500 that hides its message. */
export class AppError extends Error {
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;
  constructor(
    status: number,
    detail: string,
    opts: { errors?: FieldError[]; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.status = status;
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
    this.extra = opts.extra ?? {};
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new AppError(400, detail, { errors });
export const notFound = (detail: string) => new AppError(404, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const conflict = (detail: string) => new AppError(409, detail);
/** One invalid field, named by its path (e.g. "body.fields.tagline"). */
export const invalidField = (path: string, message: string) => badRequest(`${path}: ${message}`, [{ path, message }]);

/** The first three field errors in one line, for a problem's detail. */
export function summarize(errors: FieldError[]): string {
  const first = errors
    .slice(0, 3)
    .map((e) => `${e.path} ${e.message}`)
    .join('; ');
  return errors.length > 3 ? `${first}; and ${errors.length - 3} more` : first;
}
