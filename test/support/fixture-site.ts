import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';

export interface FixtureResponse {
  status?: number;
  type?: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
  gzip?: boolean /** Answer after this long. */;
  delayMs?: number;
  /** Answer once this settles: a test holds a page back until it has seen what happens meanwhile. */
  waitFor?: Promise<unknown>;
}
export type FixtureRoutes = Record<string, FixtureResponse | ((origin: string) => FixtureResponse)>;

/** A website on its own loopback port: path → response; everything it was asked is recorded. */
export async function startFixtureSite(
  routes: FixtureRoutes,
): Promise<{ origin: string; requests: { path: string; userAgent: string }[]; close(): Promise<void> }> {
  const requests: { path: string; userAgent: string }[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    requests.push({ path, userAgent: String(req.headers['user-agent'] ?? '') });
    const route = routes[path];
    const r = typeof route === 'function' ? route(origin) : route;
    if (!r) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<h1>Not found</h1>');
    }
    let body = typeof r.body === 'string' ? Buffer.from(r.body) : (r.body ?? Buffer.alloc(0));
    const headers: Record<string, string> = { 'content-type': r.type ?? 'text/html; charset=utf-8', ...r.headers };
    if (r.gzip) {
      body = zlib.gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    const send = () => {
      res.writeHead(r.status ?? 200, headers);
      res.end(body);
    };
    if (r.waitFor) void r.waitFor.then(send, send);
    else if (r.delayMs) setTimeout(send, r.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
