import { checkOperationInput } from '../../api/operation-input.js';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../../app-context.js';
import { executeOperation } from '../../api/execute.js';
import { badRequest } from '../../api/errors.js';
import type { OperationInput, OperationSpec } from '../../api/registry.js';
import { summarize } from '../../api/validation.js';

/** A page's input for an operation: its parameters by name, as typed or as query text to coerce. */
export type ReadInput<P extends TObject | undefined, Q extends TObject | undefined> = {
  [K in keyof OperationInput<P, Q, undefined>]?: unknown;
};

/** What a page gives of a schema's parameters: blank or absent ones keep their defaults, as in a URL. */
function given(schema: TObject | undefined, input: Record<string, unknown>): Record<string, unknown> {
  const part: Record<string, unknown> = {};
  if (!schema) return part;
  for (const key in schema.properties) {
    const value = input[key];
    if (value !== undefined && value !== '') part[key] = value;
  }
  return part;
}

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
  const checked = checkOperationInput(op, { params: given(op.params, input), query: given(op.query, input) }, true);
  if (!checked.ok) throw badRequest(summarize(checked.errors), checked.errors);
  return executeOperation(op, checked.input, ctx, null);
}
