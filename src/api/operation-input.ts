import type { TObject, TSchema } from '@sinclair/typebox';
import type { FieldError } from '../errors/app-error.js';
import type { OperationInput, OperationSpec } from './registry.js';
import { compile, toFieldErrors } from './validation.js';

export type CheckedInput<P extends TObject | undefined, Q extends TObject | undefined, B extends TObject | undefined> =
  | { ok: true; input: OperationInput<P, Q, B> }
  | { ok: false; errors: FieldError[] };

/**
 * An operation's input from its parts (path parameters, query, body), each checked against its
 * schema as REST checks it, text converted to the declared types when `coerce` (query strings and
 * forms): the merged input, or what is wrong, by field. For the site's reads and forms, which do
 * not pass through Fastify's own validation of an API route.
 */
export function checkOperationInput<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
>(
  op: OperationSpec<P, Q, B, R>,
  parts: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: Record<string, unknown> },
  coerce: boolean,
): CheckedInput<P, Q, B> {
  // Part by part, without building lists: this runs for every page a visitor opens.
  const merged: Record<string, unknown> = {};
  const errors =
    checkPart(op.params, parts.params, coerce, merged) ??
    checkPart(op.query, parts.query, coerce, merged) ??
    checkPart(op.body, parts.body, coerce, merged);
  if (errors) return { ok: false, errors };
  // Each part passed its schema (converted in place), so together they are the operation's input.
  return { ok: true, input: merged as OperationInput<P, Q, B> };
}

/** Checks one part against its schema and adds it to `into`; what is wrong, or null. */
function checkPart(
  schema: TObject | undefined,
  part: Record<string, unknown> | undefined,
  coerce: boolean,
  into: Record<string, unknown>,
): FieldError[] | null {
  if (!schema) return null;
  const value = part ?? {};
  const validate = compile(schema, coerce);
  if (!validate(value)) return toFieldErrors(validate.errors);
  Object.assign(into, value);
  return null;
}
