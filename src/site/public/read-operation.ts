import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../../app-context.js';
import { executeOperation } from '../../api/execute.js';
import { badRequest } from '../../api/errors.js';
import type { OperationInput, OperationSpec } from '../../api/registry.js';
import { compile, summarize, toFieldErrors } from '../../api/validation.js';

/** A page's input for an operation: its parameters by name, as typed or as query text to coerce. */
export type ReadInput<P extends TObject | undefined, Q extends TObject | undefined> = {
  [K in keyof OperationInput<P, Q, undefined>]?: unknown;
};

/**
 * Runs a public read operation of the registry for a page, with the same validation (query text
 * coerced as REST does) and the same answer as the API: a page never costs more, nor says other
 * things, than the API read it shows. A bad parameter is a 400 and an absent resource a 404, which
 * the site's error handler renders as an HTML page.
 */
export async function readOperation<P extends TObject | undefined, Q extends TObject | undefined, R extends TSchema>(
  ctx: AppContext,
  op: OperationSpec<P, Q, undefined, R>,
  input: ReadInput<P, Q>,
): Promise<Static<R>> {
  if (op.method !== 'GET' || op.scope !== null) throw new Error(`${op.operationId} is not a public read`);
  const given: Record<string, unknown> = input;
  const merged: Record<string, unknown> = {};
  for (const schema of [op.params, op.query]) {
    if (!schema) continue;
    const part: Record<string, unknown> = {};
    for (const key of Object.keys(schema.properties))
      if (given[key] !== undefined && given[key] !== '') part[key] = given[key];
    const validate = compile(schema, true);
    if (!validate(part)) {
      const errors = toFieldErrors(validate.errors);
      throw badRequest(summarize(errors), errors);
    }
    Object.assign(merged, part);
  }
  // Each part passed its schema above (coerced in place), so `merged` is the operation's input.
  return executeOperation(op, merged as OperationInput<P, Q, undefined>, ctx, null);
}
