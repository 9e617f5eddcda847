import type { FastifyBaseLogger } from 'fastify';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { AppContext } from '../app-context.js';
import { toProblem } from '../api/error-handler.js';
import { problem, type Problem } from '../api/errors.js';
import { executeOperation } from '../api/execute.js';
import { jsonTextOf } from '../api/pre-serialized.js';
import type { Principal } from '../api/registry.js';
import { compile, summarize, toFieldErrors } from '../api/validation.js';
import type { CatalogTool } from './tool-catalog.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** DESIGN §3: on MCP an error is a result with isError, the problem object as structuredContent and as text. */
export function problemResult(p: Problem): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(p) }], structuredContent: p };
}

/** Runs one tool the way REST runs its route: validate the arguments, then the shared handler. */
export async function callTool(tool: CatalogTool, args: unknown, ctx: AppContext, principal: Principal | null, log: FastifyBaseLogger): Promise<CallToolResult> {
  // Ajv fills defaults in place (per_page: 20…); work on a copy so the request object stays as sent.
  const input = structuredClone(args ?? {});
  const validate = compile(tool.inputSchema, false);
  if (!validate(input)) {
    const errors = toFieldErrors(validate.errors);
    return problemResult(problem(400, summarize(errors) || 'The arguments are invalid.', errors));
  }
  try {
    const result = await executeOperation(tool.op, input as Record<string, unknown>, ctx, principal);
    // The JSON REST would send (dates as strings, no undefined), so both surfaces answer alike;
    // cached reads already carry that text, so it is neither rebuilt nor reparsed.
    const cached = jsonTextOf(result);
    const text = cached ?? JSON.stringify(result ?? null);
    const json: unknown = cached !== undefined ? result : JSON.parse(text);
    return isPlainObject(json) ? { content: [{ type: 'text', text }], structuredContent: json } : { content: [{ type: 'text', text }] };
  } catch (err) {
    return problemResult(toProblem(err, log).problem);
  }
}
