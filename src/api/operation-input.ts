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
  const merged: Record<string, unknown> = {};
  for (const [schema, part] of [
    [op.params, parts.params],
    [op.query, parts.query],
    [op.body, parts.body],
  ] as const) {
    if (!schema) continue;
    const value = part ?? {};
    const validate = compile(schema, coerce);
    if (!validate(value)) return { ok: false, errors: toFieldErrors(validate.errors) };
    Object.assign(merged, value);
  }
  // Each part passed its schema (converted in place), so together they are the operation's input.
  return { ok: true, input: merged as OperationInput<P, Q, B> };
}
