import { anthropicMessagesJson } from './anthropic-messages.js';
import { openExchange } from './llm-http.js';
import { openAiChatJson } from './openai-chat.js';

/**
 * A minimal client for a language model that must answer in JSON matching a schema. Only what drafting needs: one
 * call, bounded in time (retries included), abortable, and errors (LlmError) that are safe to log or show: they
 * never carry the API key. Two wire formats: OpenAI's chat completions (OpenAI and the servers compatible with it:
 * Ollama, vLLM…) and Anthropic's Messages API.
 */

/** `openai`: any OpenAI-compatible chat-completions endpoint; `anthropic`: the Messages API. */
export type LlmProvider = 'openai' | 'anthropic';

export interface LlmSettings {
  /** Defaults to `openai`. */
  provider?: LlmProvider;
  baseUrl: string;
  apiKey?: string | null;
  model: string;
  /** Anthropic only (its API requires a bound): the most tokens an answer may take. */
  maxTokens?: number;
}

export interface JsonChatRequest {
  system: string;
  user: string;
  /** Name of the schema (the tool's name for Anthropic): letters, digits, _ and - only. */
  schemaName: string;
  schema: Record<string, unknown>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_LLM_TIMEOUT_MS = 45_000;

/** Sends one request that must answer with JSON and returns the parsed JSON, or throws an LlmError. */
export async function chatJson(llm: LlmSettings, req: JsonChatRequest): Promise<unknown> {
  const ex = openExchange(llm.apiKey, req.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS, req.signal);
  return llm.provider === 'anthropic' ? anthropicMessagesJson(llm, req, ex) : openAiChatJson(llm, req, ex);
}
