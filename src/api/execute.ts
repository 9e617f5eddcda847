import { rejectUnstorableText } from './storable-text.js';
import type { AppContext } from '../app-context.js';
import { HttpError } from './errors.js';
import type { Operation, Principal } from './registry.js';
import { requireScope } from './auth.js';

/** Runs one operation for REST or MCP alike: scope check, then the handler (or 501 until it exists). */
export async function executeOperation(
  op: Operation,
  input: Record<string, unknown>,
  ctx: AppContext,
  principal: Principal | null,
): Promise<unknown> {
  if (op.scope) requireScope(ctx, principal, op.scope);
  if (!op.handler) {
    throw new HttpError(501, `${op.operationId} is declared in the API but not implemented yet.`);
  }
  rejectUnstorableText(input);
  if (op.cached && ctx.config.readCacheSeconds > 0) {
    const key = `${ctx.site.id}|${op.operationId}|${JSON.stringify(Object.entries(input).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
    return (await ctx.readCache.getOrLoad(key, () => op.handler!(input as never, { ...ctx, principal: null })))!.value;
  }
  return op.handler(input as never, { ...ctx, principal });
}
