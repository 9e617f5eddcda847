/**
 * A minimal client for an OpenAI-compatible chat endpoint that must answer in JSON matching a
 * schema. Only what drafting needs: one request, bounded in time, abortable, and errors that are
 * safe to log or show (they never carry the API key).
 */

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string | null;
  model: string;
}

/** network: unreachable; timeout / aborted: gave up; http: non-2xx answer; bad_response: not an OpenAI-shaped reply;
 *  invalid_json: the model's text is not JSON. */
export type LlmErrorCode = 'network' | 'timeout' | 'aborted' | 'http' | 'bad_response' | 'invalid_json';

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface JsonChatRequest {
  system: string;
  user: string;
  /** Name of the schema as the endpoint sees it: letters, digits, _ and - only. */
  schemaName: string;
  schema: Record<string, unknown>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_LLM_TIMEOUT_MS = 45_000;
// A reply larger than this is not a draft; reading it whole would only waste memory.
const MAX_REPLY_CHARS = 2_000_000;

/** Sends one chat completion that must answer with JSON and returns the parsed JSON. */
export async function chatJson(llm: LlmSettings, req: JsonChatRequest): Promise<unknown> {
  const redact = redactor(llm.apiKey);
  const timeout = AbortSignal.timeout(req.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS);
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (llm.apiKey) headers.authorization = `Bearer ${llm.apiKey}`;
  const body = {
    model: llm.model,
    messages: [
      { role: 'system', content: req.system },
      { role: 'user', content: req.user },
    ],
    response_format: { type: 'json_schema', json_schema: { name: req.schemaName, strict: true, schema: req.schema } },
    // No temperature or token limit: several models reject one or the other, and the answer is verified anyway.
  };

  let text: string;
  let status: number;
  try {
    const res = await fetch(`${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    status = res.status;
    text = await readBounded(res, MAX_REPLY_CHARS);
  } catch (err) {
    if (timeout.aborted)
      throw new LlmError(
        'timeout',
        `The language model did not answer within ${Math.round((req.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS) / 1000)} s`,
      );
    if (req.signal?.aborted) throw new LlmError('aborted', 'The language model request was cancelled');
    throw new LlmError('network', redact(`The language model endpoint could not be reached (${causeOf(err)})`));
  }

  if (status < 200 || status > 299) {
    throw new LlmError(
      'http',
      redact(`The language model endpoint answered HTTP ${status}${errorDetail(text)}`),
      status,
    );
  }
  if (text.length >= MAX_REPLY_CHARS) throw new LlmError('bad_response', 'The language model reply is too large');
  const content = messageContent(text);
  if (content === null)
    throw new LlmError('bad_response', 'The language model endpoint did not answer like a chat completion');
  const parsed = parseJsonLoosely(content);
  if (parsed === undefined) throw new LlmError('invalid_json', 'The language model answer is not valid JSON');
  return parsed;
}

/** The body as text, cut at `max` characters (a cut reply then fails as too large, not as out of memory). */
async function readBounded(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    // Leaving the loop early cancels the stream, so the rest is never downloaded.
    if (text.length >= max) return text.slice(0, max);
  }
  return text + decoder.decode();
}

/** The assistant message's text: a string, or the text parts of an array (some servers send parts). */
function messageContent(raw: string): string | null {
  let envelope: unknown;
  try {
    envelope = JSON.parse(raw);
  } catch {
    return null;
  }
  const message = (envelope as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] })?.choices?.[0]
    ?.message;
  if (!message || typeof message !== 'object') return null;
  // A refusal is the model's answer, not the server's fault: it is simply not JSON.
  if (typeof message.refusal === 'string' && message.refusal && !message.content) return '';
  const c = message.content;
  if (typeof c === 'string') return c;
  if (Array.isArray(c))
    return c
      .map((p) =>
        p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
          ? (p as { text: string }).text
          : '',
      )
      .join('');
  if (c === null || c === undefined) return '';
  return null;
}

/**
 * Parses the model's JSON, tolerating what models add around it despite the schema:
 * a ```json fence, or a sentence before or after the object. Undefined when nothing parses.
 */
export function parseJsonLoosely(content: string): unknown {
  const trimmed = content.trim();
  const candidates = [trimmed];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)\n?\s*```/.exec(trimmed);
  if (fenced) candidates.push(fenced[1].trim());
  const first = trimmed.indexOf('{');
  const last = trimmed.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(trimmed.slice(first, last + 1));
  for (const c of candidates) {
    if (!c) continue;
    try {
      return JSON.parse(c);
    } catch {
      /* try the next reading */
    }
  }
  return undefined;
}

/** A short, single-line detail from an error body: OpenAI's error.message when present. */
function errorDetail(body: string): string {
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === 'string') detail = m;
  } catch {
    /* not JSON: use the text */
  }
  detail = detail.replace(/\s+/g, ' ').trim().slice(0, 200);
  return detail ? `: ${detail}` : '';
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message.slice(0, 120);
  return err instanceof Error ? err.message.slice(0, 120) : 'unknown error';
}

/**
 * Servers sometimes echo the credential in their error text, whole or in part ("sk-pr…xyz");
 * it must never reach a log or a user, so any word sharing 8 characters in a row with it goes.
 */
function redactor(apiKey: string | null | undefined): (s: string) => string {
  if (!apiKey) return (s) => s;
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= apiKey.length; i++) pieces.add(apiKey.slice(i, i + 8));
  const leaks = (word: string) => word.includes(apiKey) || [...pieces].some((p) => word.includes(p));
  return (s) =>
    s
      .split(/(\s+)/)
      .map((w) => (leaks(w) ? '[redacted]' : w))
      .join('');
}
