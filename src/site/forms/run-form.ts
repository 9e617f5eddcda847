import { checkOperationInput } from '../../api/operation-input.js';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../../app-context.js';
import { executeOperation } from '../../api/execute.js';
import { HttpError, type FieldError } from '../../api/errors.js';
import { SCOPES, type OperationSpec, type Principal } from '../../api/registry.js';
import { summarize } from '../../api/validation.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { allValues, firstText, type PostedForm } from './form-values.js';

/** A signed-in person on the site acts with every scope of their own account. */
export const sessionPrincipal = (user: User): Principal => ({
  userId: user.id,
  email: user.email,
  isAdmin: user.is_admin,
  scopes: [...SCOPES],
  via: 'session',
});

/**
 * A site session not read yet, for an operation that checks it inside its own statement (a vote:
 * one round trip per vote). It stands for no account (userId 0) until that statement finds one.
 */
export const unreadSessionPrincipal = (sessionHash: string, ip: string): Principal => ({
  userId: 0,
  email: '',
  isAdmin: false,
  scopes: [...SCOPES],
  via: 'session',
  sessionHash,
  ip,
});

/** What a form post came to: the operation's answer, or what to show beside the form's fields. */
export type FormOutcome<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      status: number;
      message: string;
      errors: FieldError[];
      fields: Record<string, string>;
      /** The input did not fit the operation's schema, so nothing ran (the page may word it its own way). */
      invalidInput: boolean;
      /** Headers the refusal carries (Retry-After of a 429), for the page to send too. */
      headers: Record<string, string>;
    };

const isArraySchema = (s: TSchema) => s.type === 'array';

/**
 * A list of objects from numbered fields (`faq.0.question`, `faq.0.answer`, `faq.1.question`…), in
 * row order; a row's blank fields are left out, but not the row, so errors name rows as shown.
 */
function formRows(name: string, item: TObject, form: PostedForm): Record<string, string>[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, v] of Object.entries(form)) {
    const m = /^(.+)\.(\d{1,2})\.([^.]+)$/.exec(key);
    if (!m || m[1] !== name || !Object.hasOwn(item.properties, m[3])) continue;
    const row = rows.get(Number(m[2])) ?? {};
    const value = firstText(v);
    if (value !== '') row[m[3]] = value;
    rows.set(Number(m[2]), row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

/**
 * The operation's body as a posted form gives it: a list property takes every value of its field
 * (blanks dropped), a list of objects its numbered fields (see formRows), any other property its
 * first value, trimmed; a blank optional field is left out, as an API caller would leave it out.
 * Numbers and booleans are converted by validation.
 */
export function formToBody(schema: TObject, form: PostedForm): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (isArraySchema(property) && property.items?.type === 'object') {
      const rows = formRows(name, property.items as TObject, form);
      if (rows.length || required.has(name)) body[name] = rows;
      continue;
    }
    if (isArraySchema(property)) {
      const values = allValues(form[name])
        .map((v) => v.trim())
        .filter(Boolean);
      if (values.length || required.has(name)) body[name] = values;
      continue;
    }
    const value = firstText(form[name]);
    if (value !== '' || required.has(name)) body[name] = value;
  }
  return body;
}

const byField = (errors: FieldError[]) => Object.fromEntries(errors.map((e) => [e.path, e.message]));
const refusal = (
  status: number,
  message: string,
  errors: FieldError[],
  opts: { invalidInput?: boolean; headers?: Record<string, string> } = {},
) =>
  ({
    ok: false,
    status,
    message,
    errors,
    fields: byField(errors),
    invalidInput: opts.invalidInput ?? false,
    headers: opts.headers ?? {},
  }) as const;

/** A refusal's errors for a form that lists them, its message alone when it names no field. */
export const fieldErrorsOf = (refused: { message: string; errors: FieldError[] }): FieldError[] =>
  refused.errors.length ? refused.errors : [{ path: '', message: refused.message }];

/**
 * Runs a registry operation for the signed-in person (or, with `null`, for someone not signed in:
 * a public operation such as sign-up, or one run by whoever holds a link), with the same schemas,
 * scope check and handler as REST and MCP. `input` is what the page put together (path parameters
 * and the body); `coerce` converts form text to the declared types, as for query strings. A
 * refusal (4xx) comes back with its message and its errors, by field name too, for the page to show
 * beside the fields; anything else is thrown, as on the other surfaces.
 */
export async function runOperation<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
>(
  ctx: AppContext,
  user: User | null,
  op: OperationSpec<P, Q, B, R>,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown> },
  opts: { coerce?: boolean } = {},
): Promise<FormOutcome<Static<R>>> {
  const checked = checkOperationInput(op, input, opts.coerce ?? false);
  if (!checked.ok) return refusal(400, summarize(checked.errors), checked.errors, { invalidInput: true });
  try {
    const value = await executeOperation(op, checked.input, ctx, user && sessionPrincipal(user));
    return { ok: true, value };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    return refusal(err.status, err.message, err.errors ?? [], { headers: err.headers });
  }
}

/**
 * Runs a registry operation for a posted form: `fixed` holds what the page's address gives (path
 * parameters), the body comes from the form (see formToBody), converted to the declared types.
 */
export function runForm<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
>(
  ctx: AppContext,
  user: User | null,
  op: OperationSpec<P, Q, B, R>,
  form: PostedForm | undefined,
  fixed: Record<string, unknown> = {},
): Promise<FormOutcome<Static<R>>> {
  const body = op.body ? formToBody(op.body, form ?? {}) : {};
  return runOperation(ctx, user, op, { params: fixed, body }, { coerce: true });
}
