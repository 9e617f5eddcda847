import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../../app-context.js';
import { executeOperation } from '../../api/execute.js';
import { HttpError, type FieldError } from '../../api/errors.js';
import { SCOPES, type OperationInput, type OperationSpec, type Principal } from '../../api/registry.js';
import { compile, summarize, toFieldErrors } from '../../api/validation.js';
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
  | { ok: false; status: number; message: string; fields: Record<string, string> };

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

/**
 * Runs a registry operation for a posted form, with the same schemas, scope check and handler as
 * REST and MCP: `fixed` holds what the page's address gives (path parameters), the rest comes from
 * the form. A refusal (4xx) comes back with its message and its errors by field name, for the page
 * to show beside the fields; anything else is thrown, as on the other surfaces.
 */
export async function runForm<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
>(
  ctx: AppContext,
  user: User,
  op: OperationSpec<P, Q, B, R>,
  form: PostedForm | undefined,
  fixed: Record<string, unknown> = {},
): Promise<FormOutcome<Static<R>>> {
  const input: Record<string, unknown> = {};
  for (const [schema, part] of [
    [op.params, fixed],
    [op.body, op.body ? formToBody(op.body, form ?? {}) : {}],
  ] as const) {
    if (!schema) continue;
    const validate = compile(schema, true);
    if (!validate(part)) {
      const errors = toFieldErrors(validate.errors);
      return { ok: false, status: 400, message: summarize(errors), fields: byField(errors) };
    }
    Object.assign(input, part);
  }
  try {
    // Each part passed its schema above (converted in place), so `input` is the operation's input.
    const value = await executeOperation(op, input as OperationInput<P, Q, B>, ctx, sessionPrincipal(user));
    return { ok: true, value };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    return { ok: false, status: err.status, message: err.message, fields: byField(err.errors ?? []) };
  }
}
