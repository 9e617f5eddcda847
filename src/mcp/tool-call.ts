import type { FastifyBaseLogger } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AppContext } from '../app-context.js';
import { toProblem } from '../api/error-handler.js';
import { badRequest, problem, type Problem } from '../api/errors.js';
import { executeOperation } from '../api/execute.js';
import {
  REPLAYED_HEADER,
  parseIdempotencyKey,
  requestHash,
  toStoredJson,
  withIdempotency,
} from '../api/idempotency.js';
import { jsonTextOf } from '../api/pre-serialized.js';
import type { Principal } from '../api/registry.js';
import { compile, summarize, toFieldErrors } from '../api/validation.js';
import { IDEMPOTENCY_ARGUMENT, type CatalogTool } from './tool-catalog.js';
import { metricsOf } from '../metrics/metrics.js';
import { resourceLinksOf } from './resource-links.js';
import { isJsonObject } from './json-object.js';

/** MCP clients cannot set per-call headers, so a call's idempotency key may also ride in its `_meta`. */
export const IDEMPOTENCY_META = 'io.launchdeck/idempotency-key';
/** Set to true in a result's `_meta` when it is the stored answer of an earlier call with the same key. */
const REPLAYED_META = 'io.launchdeck/idempotent-replayed';

/**
 * On MCP an error is a result with isError and the problem object as JSON text. Not as structuredContent:
 * SDK 1.x clients validate any structuredContent against the tool's outputSchema, errors included, and
 * a problem never matches it, so the agent would see a schema exception instead of the problem.
 */
export function problemResult(p: Problem, replayed = false): CallToolResult {
  const result: CallToolResult = { isError: true, content: [{ type: 'text', text: JSON.stringify(p) }] };
  if (replayed) result._meta = { [REPLAYED_META]: true };
  return result;
}

/** What of the transport a call may carry besides its arguments. */
export interface CallExtras {
  /** The /mcp request's Idempotency-Key header (one key for the whole HTTP request). */
  headerKey?: string;
  /** The call's `params._meta`. */
  meta?: Record<string, unknown>;
  /** The arguments were parsed for this call alone (the fast path), so validation may fill defaults in them. */
  ownsArguments?: boolean;
  /** The revision the call speaks (its MCP-Protocol-Version; absent from 2025-03-26 clients). */
  protocolVersion?: string | null;
}

/** resource_link content came with 2025-06-18: earlier clients would refuse a result that holds one. */
const knowsResourceLinks = (version: string | null | undefined) => !!version && version !== '2025-03-26';

/**
 * Runs one tool the way REST runs its route: validate the arguments, then the shared handler.
 * An idempotent tool honours a key from its `idempotency_key` argument, its `_meta` or the
 * request's Idempotency-Key header, through the same store as REST (same key, same input → the
 * stored result, marked as replayed in `_meta`).
 */
export async function callTool(
  tool: CatalogTool,
  args: unknown,
  ctx: AppContext,
  principal: Principal | null,
  log: FastifyBaseLogger,
  extras: CallExtras = {},
): Promise<CallToolResult> {
  const started = process.hrtime.bigint();
  const result = await runTool(tool, args, ctx, principal, log, extras);
  metricsOf(ctx).countToolCall(tool.op.operationId, !result.isError, Number(process.hrtime.bigint() - started) / 1e9);
  return result;
}

/** The key this call asks for, if any: the argument, else `_meta`, else the header. Two that differ are refused. */
function idempotencyKeyOf(input: Record<string, unknown>, extras: CallExtras): string | undefined {
  const fromArgument = input[IDEMPOTENCY_ARGUMENT] as string | undefined;
  const rawMeta = extras.meta?.[IDEMPOTENCY_META];
  if (rawMeta !== undefined && typeof rawMeta !== 'string') {
    const message = 'must be a string of 1 to 255 printable ASCII characters (a UUID is a good choice)';
    throw badRequest(`_meta "${IDEMPOTENCY_META}" ${message}.`, [{ path: `_meta.${IDEMPOTENCY_META}`, message }]);
  }
  const fromMeta = rawMeta === undefined ? undefined : parseIdempotencyKey(rawMeta);
  if (fromArgument !== undefined && fromMeta !== undefined && fromArgument !== fromMeta) {
    const message = `differs from _meta "${IDEMPOTENCY_META}"; send the key once`;
    throw badRequest(`${IDEMPOTENCY_ARGUMENT} ${message}.`, [{ path: IDEMPOTENCY_ARGUMENT, message }]);
  }
  return fromArgument ?? fromMeta ?? parseIdempotencyKey(extras.headerKey);
}

async function runTool(
  tool: CatalogTool,
  args: unknown,
  ctx: AppContext,
  principal: Principal | null,
  log: FastifyBaseLogger,
  extras: CallExtras,
): Promise<CallToolResult> {
  // Ajv fills defaults in place (per_page: 20…); work on a copy so the SDK's request object stays as sent.
  const input = (extras.ownsArguments ? (args ?? {}) : structuredClone(args ?? {})) as Record<string, unknown>;
  const validate = compile(tool.inputSchema, false);
  if (!validate(input)) {
    const errors = toFieldErrors(validate.errors);
    return problemResult(problem(400, summarize(errors) || 'The arguments are invalid.', errors));
  }
  try {
    const key = tool.op.idempotent && principal ? idempotencyKeyOf(input, extras) : undefined;
    // The key is not part of the request: the same call over REST (key in a header) hashes alike.
    // (Only deleted when there: a delete turns the object into a slow dictionary for the operation.)
    if (IDEMPOTENCY_ARGUMENT in input) delete input[IDEMPOTENCY_ARGUMENT];
    if (key !== undefined && principal) {
      const op = tool.op;
      const { body, replayed } = await withIdempotency(
        ctx,
        { userId: principal.userId, key, operationId: op.operationId, requestHash: requestHash(op.operationId, input) },
        async () => ({
          status: op.status ?? 200,
          body: toStoredJson(await executeOperation(op, input, ctx, principal)),
        }),
      );
      const result = successResult(JSON.stringify(body), body, extras.protocolVersion);
      if (replayed) result._meta = { [REPLAYED_META]: true };
      return result;
    }
    const result = await executeOperation(tool.op, input, ctx, principal);
    // The JSON REST would send (dates as strings, no undefined), so both surfaces answer alike;
    // cached reads already carry that text, so it is neither rebuilt nor reparsed.
    const cached = jsonTextOf(result);
    const text = cached ?? JSON.stringify(result ?? null);
    return successResult(text, cached !== undefined ? result : JSON.parse(text), extras.protocolVersion);
  } catch (err) {
    const { problem: p, headers } = toProblem(err, log);
    return problemResult(p, headers[REPLAYED_HEADER] === 'true');
  }
}

/** The JSON as text (for clients that read only content) and as structured content, then the links it holds. */
function successResult(text: string, json: unknown, version: string | null | undefined): CallToolResult {
  if (!isJsonObject(json)) return { content: [{ type: 'text', text }] };
  const links = knowsResourceLinks(version) ? resourceLinksOf(json) : [];
  return {
    content: links.length ? [{ type: 'text', text }, ...links] : [{ type: 'text', text }],
    structuredContent: json,
  };
}
