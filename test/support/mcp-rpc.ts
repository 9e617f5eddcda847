import type { TestEnv } from './app.js';

/** Raw JSON-RPC over HTTP to /mcp, as MCP clients send it. */
export interface RpcResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function post(env: TestEnv, message: unknown, headers: Record<string, string> = {}): Promise<RpcResponse> {
  const res = await fetch(`${env.baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(message),
  });
  const text = await res.text();
  let body: any = text === '' ? undefined : text;
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    // The legacy transport may answer over SSE: the response is the last `data:` message.
    const data = text
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)));
    body = data.at(-1);
  } else if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  return { status: res.status, headers: res.headers, body };
}

let nextId = 1;
export const request = (method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method,
  params,
});

/** A 2025-era call after the initialize handshake, as a stateless client sends it. */
export const legacyCall = (
  env: TestEnv,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => post(env, request(method, params), { 'mcp-protocol-version': '2025-11-25', ...headers });

export const callTool = (
  env: TestEnv,
  name: string,
  args: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => legacyCall(env, 'tools/call', { name, arguments: args }, headers);

/** The problem object of a tool error result (its JSON text; errors carry no structuredContent). */
export function toolProblem(result: { isError?: boolean; content?: { type: string; text?: string }[] }): any {
  if (!result?.isError) throw new Error(`expected a tool error, got ${JSON.stringify(result)}`);
  const text = result.content?.find((c) => c.type === 'text')?.text;
  if (text === undefined) throw new Error(`a tool error without text: ${JSON.stringify(result)}`);
  return JSON.parse(text);
}
