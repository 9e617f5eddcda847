// Submission speed: an 8-page fixture website on loopback, submitted through the REST API, with a
// separate worker process (as deployed) on PostgreSQL. Measures submit → ready for one site, then
// 20 submissions at once, and the worker's RSS growth. Targets: ≤ 5 s, ≤ 30 s, ≤ 200 MB.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { buildApp } from '../src/app.js';
import { runAdmin } from '../src/admin/cli.js';
import { startFixtureSite } from '../test/support/fixture-site.js';
import { saasWebsite } from '../test/support/fixture-websites.js';
import { benchContext } from './support.js';

const bench = await benchContext('postgres', { CRAWL_ALLOW_HOSTS: '127.0.0.1' });
const ctx = bench.ctx;
const lines: string[] = [];
await runAdmin(ctx, ['create-user', '--email', 'bench@example.com', '--password', 'a long passphrase'], (l) =>
  lines.push(l),
);
await runAdmin(
  ctx,
  ['create-api-key', '--email', 'bench@example.com', '--scopes', 'account:read,listings:write'],
  (l) => lines.push(l),
);
const key = lines.at(-1)!;
const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;

// 21 copies of the 8-page site, each on its own port (so each is its own domain).
const sites = await Promise.all(Array.from({ length: 21 }, () => startFixtureSite(saasWebsite().routes)));

const worker = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
  env: {
    ...process.env,
    DATABASE_URL: bench.server!.url,
    CRAWL_ALLOW_HOSTS: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:0',
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) =>
  worker.stdout!.on('data', (d: Buffer) => {
    if (String(d).includes('worker running')) resolve();
  }),
);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${worker.pid}/status`, 'utf8'))![1]) / 1024;

const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json() as Promise<{ id: string; status: string; pages: unknown[]; completeness: number }>;
};
async function submitAndWait(origin: string): Promise<{ ms: number; pages: number; completeness: number }> {
  const t0 = performance.now();
  const { id } = await call('POST', '/drafts', { url: `${origin}/` });
  for (;;) {
    const d = await call('GET', `/drafts/${id}`);
    if (d.status === 'ready')
      return { ms: performance.now() - t0, pages: d.pages.length, completeness: d.completeness };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const single = await submitAndWait(sites[0].origin);
const rssBefore = rssMb();
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, rssMb());
}, 100);
const t0 = performance.now();
const many = await Promise.all(sites.slice(1).map((s) => submitAndWait(s.origin)));
const allMs = performance.now() - t0;
clearInterval(sampler);
rssPeak = Math.max(rssPeak, rssMb());

console.log(
  JSON.stringify({
    bench: 'submit_to_ready',
    db: 'postgres',
    worker_concurrency: ctx.config.workerConcurrency,
    single: {
      pages: single.pages,
      completeness: single.completeness,
      ms: Math.round(single.ms),
      target_ms: 5000,
      pass: single.ms <= 5000,
    },
    concurrent: {
      drafts: many.length,
      all_ready_ms: Math.round(allMs),
      slowest_ms: Math.round(Math.max(...many.map((m) => m.ms))),
      target_ms: 30000,
      pass: allMs <= 30000,
    },
    worker_rss_mb: {
      before: Math.round(rssBefore),
      peak: Math.round(rssPeak),
      growth: Math.round(rssPeak - rssBefore),
      target_growth: 200,
      pass: rssPeak - rssBefore <= 200,
    },
  }),
);

worker.kill('SIGTERM');
await new Promise((r) => worker.once('exit', r));
for (const s of sites) await s.close();
await app.close();
await bench.close();
