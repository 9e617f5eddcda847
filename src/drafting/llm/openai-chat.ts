import type { JsonChatRequest, LlmSettings } from './llm-client.js';
import { LlmError } from './llm-error.js';
import { type LlmExchange, type LlmReply, postJson, replyJson } from './llm-http.js';
import { parseJsonLoosely } from './loose-json.js';

/**
 * The OpenAI chat-completions wire format, spoken by OpenAI and by OpenAI-compatible servers (Ollama's and vLLM's
 * `/v1`, LiteLLM, LM Studio…): POST `{base}/chat/completions` with a Bearer key, the answer's JSON Schema as a
 * strict `response_format`, and the JSON read from `choices[0].message.content`.
 */
export async function openAiChatJson(llm: LlmSettings, req: JsonChatRequest, ex: LlmExchange): Promise<unknown> {
  const url = `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (llm.apiKey) headers.authorization = `Bearer ${llm.apiKey}`;
  const strict = { type: 'json_schema', json_schema: { name: req.schemaName, strict: true, schema: req.schema } };
  let reply = await postJson(ex, url, headers, chatBody(llm.model, req.system, req.user, strict));
  // Older Ollama releases and some vLLM builds know only JSON mode: the schema then travels in the prompt (and the
  // answer is verified like any other).
  if (schemaRejected(reply)) {
    const system = `${req.system}\n\nAnswer with one JSON object that follows this JSON Schema:\n${JSON.stringify(req.schema)}`;
    reply = await postJson(ex, url, headers, chatBody(llm.model, system, req.user, { type: 'json_object' }));
  }
  return answerOf(ex, replyJson(ex, reply, 'a chat completion'));
}

function chatBody(model: string, system: string, user: string, responseFormat: Record<string, unknown>) {
  return {
    model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    response_format: responseFormat,
    // No temperature or token limit: several models reject one or the other, and the answer is verified anyway.
  };
}

/** A 400 (or a validation 422) that names the structured-output parameter: the server does not do json_schema. */
function schemaRejected(reply: LlmReply): boolean {
  return (reply.status === 400 || reply.status === 422) && /response_format|json_schema/i.test(reply.text);
}

interface ChatMessage {
  content?: unknown;
  refusal?: unknown;
}

function answerOf(ex: LlmExchange, envelope: unknown): unknown {
  const choice = (envelope as { choices?: { message?: ChatMessage; finish_reason?: unknown }[] } | null)?.choices?.[0];
  const message = choice?.message;
  if (!message || typeof message !== 'object')
    throw new LlmError('bad_response', 'The language model endpoint did not answer like a chat completion');
  const { text, refusal } = contentOf(message);
  if (text === null)
    throw new LlmError('bad_response', 'The language model endpoint did not answer like a chat completion');
  // With structured outputs a refusal replaces the content; it is the model's answer, not the server's fault.
  if (refusal && !text.trim()) throw refused(ex, refusal);
  if (choice.finish_reason === 'length')
    throw new LlmError('truncated', 'The language model answer was cut off at its length limit');
  if (choice.finish_reason === 'content_filter' && !text.trim())
    throw new LlmError('refused', 'The language model answer was stopped by its content filter');
  const parsed = parseJsonLoosely(text);
  if (parsed === undefined) throw new LlmError('invalid_json', 'The language model answer is not valid JSON');
  return parsed;
}

/** The message's text (a string, or the text parts of an array, as some servers send) and any refusal. */
function contentOf(message: ChatMessage): { text: string | null; refusal: string } {
  let refusal = typeof message.refusal === 'string' ? message.refusal : '';
  const c = message.content;
  if (c === null || c === undefined) return { text: '', refusal };
  if (typeof c === 'string') return { text: c, refusal };
  if (!Array.isArray(c)) return { text: null, refusal };
  let text = '';
  for (const part of c as { text?: unknown; refusal?: unknown }[]) {
    if (typeof part?.text === 'string') text += part.text;
    else if (typeof part?.refusal === 'string') refusal ||= part.refusal;
  }
  return { text, refusal };
}

function refused(ex: LlmExchange, why: string): LlmError {
  const said = why.replace(/\s+/g, ' ').trim().slice(0, 200);
  return new LlmError('refused', ex.redact(`The language model declined to answer${said ? `: ${said}` : ''}`));
}
