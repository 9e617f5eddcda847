import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a scripted server received, body parsed as JSON when it is JSON, and when it came (ms). */
export interface ScriptedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  at: number;
}

/** What to send back: a status, headers and a body; or `hang` to never answer (closed by close()). */
export type ScriptedAnswer = { status: number; headers?: Record<string, string>; body: string } | 'hang';

/**
 * A loopback HTTP server answering POST `route` from a script of replies in order (the last one repeats), each
 * turned into an HTTP answer by `render`; anything else is a 404. Every request is recorded, so a test can check
 * what a client sent. The fakes of each provider's wire format are built on it.
 */
export async function startScriptedServer<R>(
  route: string,
  render: (reply: R, req: ScriptedRequest) => ScriptedAnswer,
  script: R[] = [],
): Promise<{
  origin: string;
  requests: ScriptedRequest[];
  /** Queues more replies. */
  reply(...more: R[]): void;
  close(): Promise<void>;
}> {
  const queue = [...script];
  let last: R | undefined;
  const requests: ScriptedRequest[] = [];
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
      const recorded = { method: req.method ?? '', path, headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      if (req.method !== 'POST' || path !== route) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
      }
      const r = queue.shift() ?? last;
      last = r;
      if (r === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { message: 'the fake server has no scripted reply' } }));
      }
      const answer = render(r, recorded);
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
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
