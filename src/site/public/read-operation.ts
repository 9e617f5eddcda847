import type { TObject } from '@sinclair/typebox';
import type { AppContext } from '../../app-context.js';
import { operations } from '../../api/operations/index.js';
import { executeOperation } from '../../api/execute.js';
import { badRequest } from '../../api/errors.js';
import { compile, summarize, toFieldErrors } from '../../api/validation.js';

const byId = new Map(operations.map((op) => [op.operationId, op]));
// Compiling a schema takes milliseconds: once per schema, not once per page.
const validators = new WeakMap<object, ReturnType<typeof compile>>();
const validatorOf = (schema: TObject) => {
  let v = validators.get(schema);
  if (!v) validators.set(schema, (v = compile(schema, true)));
  return v;
};

/**
 * Runs a public read operation of the registry for a page, with the same validation (query text
 * coerced as REST does) and the same answer as the API: a page never costs more, nor says other
 * things, than the API read it shows. A bad parameter is a 400 and an absent resource a 404, which
 * the site's error handler renders as an HTML page.
 */
export async function readOperation<T>(
  ctx: AppContext,
  operationId: string,
  input: Record<string, unknown>,
): Promise<T> {
  const op = byId.get(operationId);
  if (op?.method !== 'GET' || op.scope !== null) throw new Error(`${operationId} is not a public read`);
  const merged: Record<string, unknown> = {};
  for (const schema of [op.params, op.query] as (TObject | undefined)[]) {
    if (!schema) continue;
    const part: Record<string, unknown> = {};
    for (const key of Object.keys(schema.properties))
      if (input[key] !== undefined && input[key] !== '') part[key] = input[key];
    const validate = validatorOf(schema);
    if (!validate(part)) {
      const errors = toFieldErrors(validate.errors);
      throw badRequest(summarize(errors), errors);
    }
    Object.assign(merged, part);
  }
  return (await executeOperation(op, merged, ctx, null)) as T;
}
