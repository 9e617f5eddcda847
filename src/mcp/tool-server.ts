import type { FastifyBaseLogger } from 'fastify';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { AppContext } from '../app-context.js';
import type { Principal } from '../api/registry.js';
import { serverInstructions } from './instructions.js';
import { withDraftProgress } from './draft-progress.js';
import { callTool, type CallExtras } from './tool-call.js';
import { toolListFor, type CatalogTool, type ToolLists } from './tool-catalog.js';

/** The stateless 2026 protocol revision plus the initialize-based ones; the first 2025 entry is the fallback offer. */
export const MCP_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'];

export const serverInfoFor = (ctx: AppContext) => ({ name: ctx.site.name, version: '1.0.0' });

/**
 * A fresh server for one HTTP request, acting for `principal` (with the request's Idempotency-Key,
 * if any). Tools are served through the low-level handlers: registerTool would re-validate with its
 * own error text, while the registry's JSON Schemas and problem objects must reach the client unchanged.
 */
export function createToolServer(
  catalog: Map<string, CatalogTool>,
  ctx: AppContext,
  principal: Principal | null,
  log: FastifyBaseLogger,
  request: { lists: ToolLists; protocolVersion?: string | null; headerKey?: string },
): McpServer {
  const { lists, protocolVersion, headerKey } = request;
  const mcp = new McpServer(serverInfoFor(ctx), {
    instructions: serverInstructions(ctx.site.name),
    supportedProtocolVersions: MCP_PROTOCOL_VERSIONS,
  });
  const server = mcp.server;
  // The tool set is fixed at start-up, so there is never a list_changed to announce.
  server.registerCapabilities({ tools: { listChanged: false } });
  server.setRequestHandler('tools/list', () => ({ tools: toolListFor(lists, protocolVersion) }));
  server.setRequestHandler('tools/call', async (request, call) => {
    const tool = catalog.get(request.params.name);
    if (!tool)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}"; tools/list names every tool.`,
      );
    const extras: CallExtras = { meta: request.params._meta, protocolVersion };
    if (headerKey !== undefined) extras.headerKey = headerKey;
    const answer = await callTool(tool, request.params.arguments, ctx, principal, log, extras);
    // submit_listing with a progress token waits for the draft, reporting progress on the way.
    const result = await withDraftProgress(tool, answer, ctx, call.mcpReq);
    return result.isError ? result : server.projectCallToolResult(result, tool.outputSchema);
  });
  return mcp;
}
