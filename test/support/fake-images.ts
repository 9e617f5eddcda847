import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A website serving logos on loopback, for the image proxy: real PNG, JPEG and SVG files, and the
 * ways a logo goes wrong (too large, not an image, missing). Counts every request per path, so a
 * test can tell an image was fetched once; `delayMs` holds answers back to make requests overlap.
 */
export interface FakeImageServer {
  origin: string;
  /** How many times each path was asked for. */
  hits(path: string): number;
  userAgents: string[];
  delayMs: number;
  close(): Promise<void>;
}

/** A solid-colour PNG of the given size. */
export const pngOf = (width: number, height: number, colour = '#1b62b0') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

/** A logo as SVG that also tries everything a remote SVG should never get to do on our pages. */
export const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
<script>alert('svg')</script><rect width="40" height="20" fill="#e8590c"/><a href="javascript:alert(1)"><circle cx="10" cy="10" r="6" fill="#fff"/></a></svg>`;

export interface ServedFile {
  type: string;
  body: Buffer | string;
  status?: number;
}

/**
 * The standard files. A request path may carry one leading folder (`/pglite/logo.png`): suites
 * sharing the server then count their own requests.
 */
export async function imageFiles(): Promise<Record<string, ServedFile>> {
  return {
    '/logo.png': { type: 'image/png', body: await pngOf(600, 300) },
    '/logo-new.png': { type: 'image/png', body: await pngOf(64, 64, '#1e7a34') },
    '/photo.jpg': {
      type: 'image/jpeg',
      body: await sharp({ create: { width: 800, height: 800, channels: 3, background: '#a84300' } })
        .jpeg()
        .toBuffer(),
    },
    '/logo.svg': { type: 'image/svg+xml', body: HOSTILE_SVG },
    '/avatar.jpg': {
      type: 'image/jpeg',
      body: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#8e2fa0' } })
        .jpeg()
        .toBuffer(),
    },
    // Served as octet-stream: the bytes decide, not the header.
    '/logo.bin': { type: 'application/octet-stream', body: await pngOf(32, 32) },
    '/huge.png': { type: 'image/png', body: Buffer.concat([await pngOf(10, 10), Buffer.alloc(2_100_000)]) },
    '/page.html': { type: 'text/html; charset=utf-8', body: '<!doctype html><h1>Not a logo</h1>' },
    '/text.png': { type: 'image/png', body: 'this is not a PNG at all' },
    '/slow.png': { type: 'image/png', body: await pngOf(48, 48, '#6a3fc1') },
    '/flaky.png': { type: 'image/png', body: 'busy', status: 503 },
  };
}

export async function startFakeImageServer(files: Record<string, ServedFile>): Promise<FakeImageServer> {
  const counts = new Map<string, number>();
  const userAgents: string[] = [];
  const state = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    counts.set(path, (counts.get(path) ?? 0) + 1);
    userAgents.push(String(req.headers['user-agent'] ?? ''));
    const file = files[path] ?? files[path.replace(/^\/[a-z]+(?=\/)/, '')];
    setTimeout(() => {
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('no such file');
        return;
      }
      res.writeHead(file.status ?? 200, { 'content-type': file.type });
      res.end(file.body);
    }, state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: (path) => counts.get(path) ?? 0,
    userAgents,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
