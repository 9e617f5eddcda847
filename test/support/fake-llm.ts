import { startScriptedServer, type ScriptedRequest } from './scripted-server.js';

/**
 * What the fake answers to the next request:
 * - `answer`: a JSON value sent as the assistant message's content (stringified);
 * - `content`: the assistant message's content as is (fenced JSON, prose, broken JSON…), with `finish_reason`
 *   `stop` unless given (`length` for an answer cut at the token limit);
 * - `refusal`: a structured-outputs refusal (content null, the reason in `message.refusal`);
 * - `status` + `body` (+ `headers`): a raw HTTP answer (errors, rate limits with retry-after, non-OpenAI replies);
 * - `hang`: never answers (timeouts, aborts).
 */
export type FakeLlmReply =
  | { answer: unknown }
  | { content: string; finish_reason?: string }
  | { refusal: string }
  | { status: number; body: string; headers?: Record<string, string> }
  | { hang: true };

/**
 * An OpenAI-compatible chat endpoint on a loopback port, answering POST /v1/chat/completions
 * from a script of replies in order (the last one repeats). Every request is recorded, so a test
 * can check the model, the Authorization header and the response_format that were sent.
 */
export async function startFakeLlm(script: FakeLlmReply[] = []) {
  const server = await startScriptedServer<FakeLlmReply>('/v1/chat/completions', completion, script);
  return { ...server, baseUrl: `${server.origin}/v1` };
}

function completion(r: FakeLlmReply, req: ScriptedRequest) {
  if ('hang' in r) return 'hang' as const;
  if ('status' in r) return r;
  const message =
    'refusal' in r
      ? { role: 'assistant', content: null, refusal: r.refusal }
      : { role: 'assistant', content: 'answer' in r ? JSON.stringify(r.answer) : r.content, refusal: null };
  const finish = 'content' in r && r.finish_reason ? r.finish_reason : 'stop';
  return {
    status: 200,
    body: JSON.stringify({
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: (req.body as { model?: string })?.model ?? 'fake',
      choices: [{ index: 0, message, finish_reason: finish }],
    }),
  };
}
