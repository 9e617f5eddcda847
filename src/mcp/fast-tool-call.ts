import type { IncomingHttpHeaders } from 'node:http';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { CatalogTool } from './tool-catalog.js';
import type { CallExtras } from './tool-call.js';
import { MIN_GZIP_BYTES, finishGzip, openGzip, type OpenGzip } from '../net/gzip.js';
import { MCP_PROTOCOL_VERSIONS } from './tool-server.js';
import { isJsonObject } from './json-object.js';

export interface FastToolCall {
  version: string;
  id: string | number;
  tool: CatalogTool;
  args: unknown;
  /** The Idempotency-Key header (for an idempotent tool) and the call's `_meta`; callTool checks them. */
  extras: CallExtras;
}

/** The request's Idempotency-Key header (Node joins repeated ones with ", ", as fetch's Headers does on the SDK
 *  path). */
function idempotencyKeyHeader(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers['idempotency-key'];
  return Array.isArray(raw) ? raw.join(', ') : raw;
}

const ENVELOPE = [
  'io.modelcontextprotocol/protocolVersion',
  'io.modelcontextprotocol/clientCapabilities',
  'io.modelcontextprotocol/clientInfo',
];

/**
 * The common case — one well-formed `tools/call` for a known tool — answered without building an
 * SDK server per request (which costs ~0.6 ms of CPU, ten times the call itself). Anything unusual
 * (batches, notifications, progress tokens, other methods, an incomplete 2026 envelope, headers
 * that disagree with the body) returns null and goes through the SDK, which answers it as the
 * protocol requires. The reply is byte-for-byte the shape the SDK sends for the same call.
 */
export function matchFastToolCall(
  headers: IncomingHttpHeaders,
  message: unknown,
  catalog: Map<string, CatalogTool>,
): FastToolCall | null {
  const version = headers['mcp-protocol-version'];
  if (typeof version !== 'string' || !MCP_PROTOCOL_VERSIONS.includes(version)) return null;
  if (!isJsonObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return null;
  const id = message.id;
  if (!((typeof id === 'string' && id.length <= 200) || (typeof id === 'number' && Number.isFinite(id)))) return null;
  const params = message.params;
  if (!isJsonObject(params) || typeof params.name !== 'string') return null;
  const tool = catalog.get(params.name);
  if (!tool) return null;
  if (params.arguments !== undefined && !isJsonObject(params.arguments)) return null;
  const meta = params._meta;
  if (meta !== undefined && !isJsonObject(meta)) return null;
  if (meta && 'progressToken' in meta) return null;
  const accept = String(headers.accept ?? '');
  if (version === '2026-07-28') {
    if (!meta || meta[ENVELOPE[0]] !== version || !isJsonObject(meta[ENVELOPE[1]]) || !isJsonObject(meta[ENVELOPE[2]]))
      return null;
    if (headers['mcp-method'] !== 'tools/call' || headers['mcp-name'] !== params.name) return null;
    if (!accept.includes('application/json')) return null;
  } else if (!accept.includes('text/event-stream')) {
    return null;
  }
  const headerKey = tool.op.idempotent ? idempotencyKeyHeader(headers) : undefined;
  const extras: CallExtras = { protocolVersion: version, ownsArguments: true };
  if (headerKey !== undefined) extras.headerKey = headerKey;
  if (meta) extras.meta = meta;
  return { version, id, tool, args: params.arguments, extras };
}

/** A reply's bytes up to the request id, and their gzip once a client asked for it. */
interface ReplyHead {
  bytes: Buffer;
  gzip?: OpenGzip;
}

/**
 * The reply's start per result object and protocol revision. A cached read (a listing) is the same
 * object on every call, so its text is escaped, encoded and (for clients that accept gzip)
 * compressed once; each reply then only appends its id. Text and structured content both carry the
 * JSON, so an MCP reply is twice the bytes of REST's, which gzip mostly takes back.
 */
const replyHeads = new WeakMap<object, Map<string, ReplyHead>>();

/** The JSON-RPC reply for a fast call, and how to send it (JSON for 2026-07-28, one SSE event before). */
export function fastToolCallReply(
  call: FastToolCall,
  result: CallToolResult,
  serverInfo: { name: string; version: string },
  gzip = false,
): { contentType: string; body: Buffer[]; length: number; headers: Record<string, string> } {
  const sse = call.version !== '2026-07-28';
  const sc = result.structuredContent;
  const reusable = typeof sc === 'object' && sc !== null && result._meta === undefined;
  let head = reusable ? replyHeads.get(sc)?.get(call.version) : undefined;
  if (head === undefined) {
    head = {
      bytes: Buffer.from(
        `${sse ? 'event: message\ndata: ' : ''}{"result":${resultJson(call.version, result, serverInfo)}`,
      ),
    };
    if (reusable) {
      let byVersion = replyHeads.get(sc);
      if (!byVersion) replyHeads.set(sc, (byVersion = new Map()));
      byVersion.set(call.version, head);
    }
  }
  const tail = Buffer.from(`,"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}${sse ? '\n\n' : ''}`);
  const headers: Record<string, string> = sse
    ? { 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', vary: 'accept-encoding' }
    : { vary: 'accept-encoding' };
  // Chunks written in turn (one writev): the shared start is never copied per reply.
  let body: Buffer[];
  if (gzip && head.bytes.length >= MIN_GZIP_BYTES) {
    head.gzip ??= openGzip(head.bytes);
    body = finishGzip(head.gzip, tail);
    headers['content-encoding'] = 'gzip';
  } else {
    body = [head.bytes, tail];
  }
  const length = body[0].length + body[1].length;
  return { contentType: sse ? 'text/event-stream' : 'application/json', body, length, headers };
}

/** The `result` member as the SDK writes it for this revision. */
function resultJson(version: string, result: CallToolResult, serverInfo: { name: string; version: string }): string {
  // callTool's text content is exactly the JSON of its structured content (a problem has text only).
  const first = result.content[0];
  const resultText = first && first.type === 'text' ? first.text : undefined;
  const extra =
    version === '2026-07-28'
      ? { resultType: 'complete', _meta: { ...result._meta, 'io.modelcontextprotocol/serverInfo': serverInfo } }
      : result._meta
        ? { _meta: result._meta }
        : {};
  // The text content usually is the structured content's JSON: reuse it rather than serialising twice.
  const sc = result.structuredContent;
  const structured = sc === undefined ? '' : `,"structuredContent":${resultText ?? JSON.stringify(sc)}`;
  const content = JSON.stringify({ content: result.content, ...(result.isError ? { isError: true } : {}) }).slice(
    0,
    -1,
  );
  const tail = Object.keys(extra).length ? `,${JSON.stringify(extra).slice(1, -1)}` : '';
  return `${content}${structured}${tail}}`;
}
