import type { FastifyBaseLogger } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AppContext } from '../app-context.js';
import { toProblem } from '../api/error-handler.js';
import { problem, type Problem } from '../api/errors.js';
import { executeOperation } from '../api/execute.js';
import { parseIdempotencyKey, requestHash, toStoredJson, withIdempotency } from '../api/idempotency.js';
import { jsonTextOf } from '../api/pre-serialized.js';
import type { Principal } from '../api/registry.js';
import { compile, summarize, toFieldErrors } from '../api/validation.js';
import type { CatalogTool } from './tool-catalog.js';
import { metricsOf } from '../metrics/metrics.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * On MCP an error is a result with isError and the problem object as JSON text. Not as structuredContent:
 * SDK 1.x clients validate any structuredContent against the tool's outputSchema, errors included, and
 * a problem never matches it, so the agent would see a schema exception instead of the problem.
 */
export function problemResult(p: Problem): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(p) }] };
}

/**
 * Runs one tool the way REST runs its route: validate the arguments, then the shared handler.
 * `idempotencyKey` is the /mcp request's Idempotency-Key header: honoured for idempotent tools
 * through the same store as REST (same key, same request → the stored result).
 */
export async function callTool(
  tool: CatalogTool,
  args: unknown,
  ctx: AppContext,
  principal: Principal | null,
  log: FastifyBaseLogger,
  idempotencyKey?: string,
): Promise<CallToolResult> {
  const started = process.hrtime.bigint();
  const result = await runTool(tool, args, ctx, principal, log, idempotencyKey);
  metricsOf(ctx).countToolCall(tool.op.operationId, !result.isError, Number(process.hrtime.bigint() - started) / 1e9);
  return result;
}

async function runTool(
  tool: CatalogTool,
  args: unknown,
  ctx: AppContext,
  principal: Principal | null,
  log: FastifyBaseLogger,
  idempotencyKey?: string,
): Promise<CallToolResult> {
  let key: string | undefined;
  if (idempotencyKey !== undefined && tool.op.idempotent && principal) {
    try {
      key = parseIdempotencyKey(idempotencyKey);
    } catch (err) {
      return problemResult(toProblem(err, log).problem);
    }
  }
  // Ajv fills defaults in place (per_page: 20…); work on a copy so the request object stays as sent.
  const input = structuredClone(args ?? {});
  const validate = compile(tool.inputSchema, false);
  if (!validate(input)) {
    const errors = toFieldErrors(validate.errors);
    return problemResult(problem(400, summarize(errors) || 'The arguments are invalid.', errors));
  }
  try {
    if (key !== undefined && principal) {
      const op = tool.op;
      const { body } = await withIdempotency(
        ctx,
        { userId: principal.userId, key, operationId: op.operationId, requestHash: requestHash(op.operationId, input) },
        async () => ({
          status: op.status ?? 200,
          body: toStoredJson(await executeOperation(op, input as Record<string, unknown>, ctx, principal)),
        }),
      );
      const text = JSON.stringify(body);
      return isPlainObject(body)
        ? { content: [{ type: 'text', text }], structuredContent: body }
        : { content: [{ type: 'text', text }] };
    }
    const result = await executeOperation(tool.op, input as Record<string, unknown>, ctx, principal);
    // The JSON REST would send (dates as strings, no undefined), so both surfaces answer alike;
    // cached reads already carry that text, so it is neither rebuilt nor reparsed.
    const cached = jsonTextOf(result);
    const text = cached ?? JSON.stringify(result ?? null);
    const json: unknown = cached !== undefined ? result : JSON.parse(text);
    return isPlainObject(json)
      ? { content: [{ type: 'text', text }], structuredContent: json }
      : { content: [{ type: 'text', text }] };
  } catch (err) {
    return problemResult(toProblem(err, log).problem);
  }
}
