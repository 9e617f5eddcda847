import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got: its headers and its body exactly as sent (signatures are over the bytes). */
export interface ReceivedHook {
  headers: Record<string, string>;
  raw: string;
}

/** What to answer: a status (and body), or `hang` to answer nothing until the client gives up. */
export type HookAnswer = { status: number; body?: string } | 'hang';

/**
 * A webhook receiver on loopback: answers from a script in order (the last answer repeats; 204
 * when there is none) and records every request, so a test checks what arrived and verifies it.
 */
export async function startWebhookReceiver(script: HookAnswer[] = []) {
  const queue = [...script];
  let last: HookAnswer = { status: 204 };
  const received: ReceivedHook[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = queue.shift() ?? last;
      last = answer;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Queues more answers. */
    answer(...more: HookAnswer[]) {
      queue.push(...more);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
