import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake endpoint received, body parsed as JSON when it is JSON. */
export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * What the fake answers to the next request:
 * - `answer`: a JSON value sent as the assistant message's content (stringified);
 * - `content`: the assistant message's content as is (fenced JSON, prose, broken JSON…);
 * - `status` + `body`: a raw HTTP answer (errors, non-OpenAI replies);
 * - `hang`: never answers (timeouts, aborts).
 */
export type FakeLlmReply =
  | { answer: unknown }
  | { content: string }
  | { status: number; body: string }
  | { hang: true };

/**
 * An OpenAI-compatible chat endpoint on a loopback port, answering POST /v1/chat/completions
 * from a script of replies in order (the last one repeats). Every request is recorded, so a test
 * can check the model, the Authorization header and the response_format that were sent.
 */
export async function startFakeLlm(script: FakeLlmReply[] = []): Promise<{
  baseUrl: string;
  requests: FakeLlmRequest[];
  /** Queues more replies. */
  reply(...more: FakeLlmReply[]): void;
  close(): Promise<void>;
}> {
  const queue = [...script];
  let last: FakeLlmReply | undefined;
  const requests: FakeLlmRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        /* keep the text */
      }
      const path = (req.url ?? '/').split('?')[0];
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
      }
      const r = queue.shift() ?? last;
      last = r;
      if (!r) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'the fake LLM has no scripted reply' } }));
      }
      if ('hang' in r) return; // closed by close()
      if ('status' in r) {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        return res.end(r.body);
      }
      const content = 'answer' in r ? JSON.stringify(r.answer) : r.content;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: (body as { model?: string })?.model ?? 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    requests,
    reply: (...more) => {
      queue.push(...more);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
