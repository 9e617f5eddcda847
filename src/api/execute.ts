import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { rejectUnstorableText } from './storable-text.js';
import type { AppContext } from '../app-context.js';
import { HttpError, forbidden } from './errors.js';
import type { OperationInput, OperationSpec, Principal } from './registry.js';
import { requireScope } from './auth.js';

/**
 * A cached read's key: the same input in any property order is the same answer, on the same UTC
 * day — "today" and "this week" change at midnight, and an answer from before must not outlive it.
 */
const readCacheKey = (siteId: number, operationId: string, input: unknown, now: Date) =>
  `${siteId}|${Math.floor(now.getTime() / 86_400_000)}|${operationId}|${JSON.stringify(Object.entries(Object(input)).sort(([a], [b]) => (a < b ? -1 : 1)))}`;

/**
 * Runs one operation for every surface alike (REST, MCP, the site's pages and forms): scope check,
 * then the handler (or 501 until it exists). Typed by the operation's own schemas.
 */
export async function executeOperation<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
>(
  op: OperationSpec<P, Q, B, R>,
  input: OperationInput<P, Q, B>,
  ctx: AppContext,
  principal: Principal | null,
): Promise<Static<R>> {
  if (op.scope) requireScope(ctx, principal, op.scope);
  if (op.adminOnly && !principal?.isAdmin) throw forbidden(`${op.operationId} is for the site's administrators.`);
  const handler = op.handler;
  if (!handler) {
    throw new HttpError(501, `${op.operationId} is declared in the API but not implemented yet.`);
  }
  rejectUnstorableText(input);
  if (op.cached && ctx.config.readCacheSeconds > 0) {
    const key = readCacheKey(ctx.site.id, op.operationId, input, ctx.now());
    const hit = await ctx.readCache.getOrLoad(key, () => handler.call(op, input, { ...ctx, principal: null }));
    return hit!.value;
  }
  return handler.call(op, input, { ...ctx, principal });
}
