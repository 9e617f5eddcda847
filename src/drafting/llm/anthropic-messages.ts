import type { JsonChatRequest, LlmSettings } from './llm-client.js';
import { LlmError } from './llm-error.js';
import { type LlmExchange, postJson, replyJson } from './llm-http.js';
import { parseJsonLoosely } from './loose-json.js';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
const ANTHROPIC_VERSION = '2023-06-01';
/** The Messages API requires a bound on the answer; a full draft with its quotes fits well within it. */
export const DEFAULT_MAX_TOKENS = 8192;

/**
 * Anthropic's Messages API: POST `{base}/v1/messages` with `x-api-key` and `anthropic-version`. It has no JSON
 * response format, so the schema becomes the input schema of one tool the model must call (`tool_choice`), and the
 * answer is that call's `input`.
 */
export async function anthropicMessagesJson(llm: LlmSettings, req: JsonChatRequest, ex: LlmExchange): Promise<unknown> {
  // The base is the origin; a trailing /v1, written by analogy with OpenAI's base URL, is tolerated.
  const base = (llm.baseUrl || ANTHROPIC_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'anthropic-version': ANTHROPIC_VERSION,
  };
  if (llm.apiKey) headers['x-api-key'] = llm.apiKey;
  const body = {
    model: llm.model,
    max_tokens: llm.maxTokens ?? DEFAULT_MAX_TOKENS,
    system: req.system,
    messages: [{ role: 'user', content: req.user }],
    tools: [
      {
        name: req.schemaName,
        description: 'Records the answer. Call it once, with the whole answer as its input.',
        input_schema: req.schema,
      },
    ],
    tool_choice: { type: 'tool', name: req.schemaName },
  };
  const reply = await postJson(ex, `${base}/v1/messages`, headers, body);
  return answerOf(ex, replyJson(ex, reply, 'the Messages API'), req.schemaName);
}

interface MessageBlock {
  type?: unknown;
  name?: unknown;
  input?: unknown;
  text?: unknown;
}

function answerOf(ex: LlmExchange, envelope: unknown, tool: string): unknown {
  const message = envelope as {
    content?: unknown;
    stop_reason?: unknown;
    stop_details?: { explanation?: unknown } | null;
  } | null;
  if (!message || typeof message !== 'object' || !Array.isArray(message.content))
    throw new LlmError('bad_response', 'The language model endpoint did not answer like the Messages API');
  if (message.stop_reason === 'refusal') {
    const why = message.stop_details?.explanation;
    const said = typeof why === 'string' ? why.replace(/\s+/g, ' ').trim().slice(0, 200) : '';
    throw new LlmError('refused', ex.redact(`The language model declined to answer${said ? `: ${said}` : ''}`));
  }
  // A tool call cut at the token limit has incomplete input: nothing in it can be trusted to be whole.
  if (message.stop_reason === 'max_tokens' || message.stop_reason === 'model_context_window_exceeded')
    throw new LlmError('truncated', 'The language model answer was cut off at its length limit');
  const blocks = message.content as MessageBlock[];
  const call =
    blocks.find((b) => b?.type === 'tool_use' && b.name === tool) ?? blocks.find((b) => b?.type === 'tool_use');
  if (call?.input && typeof call.input === 'object') return call.input;
  // Compatible servers that ignore tool_choice answer in text, or send the input as a string.
  const text =
    typeof call?.input === 'string'
      ? call.input
      : blocks.map((b) => (b?.type === 'text' && typeof b.text === 'string' ? b.text : '')).join('');
  const parsed = parseJsonLoosely(text);
  if (parsed === undefined) throw new LlmError('invalid_json', 'The language model answer is not valid JSON');
  return parsed;
}
