import { startScriptedServer, type ScriptedAnswer, type ScriptedRequest } from './scripted-server.js';

/**
 * What the fake Messages API answers to the next request:
 * - `input`: the model calls the requested tool with this input (`stop_reason: "tool_use"`);
 * - `content` + `stop_reason` (+ `stop_details`): a raw message (refusals, answers cut at max_tokens, text answers);
 * - `status` + `body` (+ `headers`): a raw HTTP answer (error bodies, 429 / 529 with retry-after);
 * - `hang`: never answers.
 */
export type FakeAnthropicReply =
  | { input: unknown }
  | { content: unknown[]; stop_reason: string; stop_details?: unknown }
  | { status: number; body: string; headers?: Record<string, string> }
  | { hang: true };

/** Anthropic's error body: `{type:"error", error:{type, message}}`. */
export const anthropicError = (type: string, message: string) =>
  JSON.stringify({ type: 'error', error: { type, message }, request_id: 'req_fake' });

/**
 * Anthropic's Messages API on a loopback port (POST /v1/messages), answering from a script of replies in order.
 * Like the real API it refuses a request without `x-api-key` (401), without `anthropic-version` or without
 * `max_tokens` (400), whatever the script says (its reply is used up). Every request is recorded.
 */
export async function startFakeAnthropic(script: FakeAnthropicReply[] = []) {
  const server = await startScriptedServer<FakeAnthropicReply>('/v1/messages', message, script);
  return { ...server, baseUrl: server.origin };
}

function message(r: FakeAnthropicReply, req: ScriptedRequest): ScriptedAnswer {
  if (!req.headers['x-api-key'])
    return { status: 401, body: anthropicError('authentication_error', 'x-api-key header is required') };
  if (!req.headers['anthropic-version'])
    return { status: 400, body: anthropicError('invalid_request_error', 'anthropic-version: header is required') };
  if (typeof req.body?.max_tokens !== 'number')
    return { status: 400, body: anthropicError('invalid_request_error', 'max_tokens: Field required') };
  if ('hang' in r) return 'hang';
  if ('status' in r) return r;
  const tool = req.body?.tool_choice?.name ?? req.body?.tools?.[0]?.name ?? 'tool';
  const reply =
    'input' in r
      ? { content: [{ type: 'tool_use', id: 'toolu_fake', name: tool, input: r.input }], stop_reason: 'tool_use' }
      : r;
  return {
    status: 200,
    body: JSON.stringify({
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: req.body?.model ?? 'fake',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 10 },
      ...reply,
    }),
  };
}
