// Server RSS with N synthetic listings (default 100,000) on PGlite: seeds a data directory with the
// CLI, starts `main.ts start` on it as a child process, exercises search and listing reads, and
// reads the server's resident memory from /proc. Target: ≤ 500 MB.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-rss-'));
const port = 3900 + Math.floor(Math.random() * 90);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '10000000',
  DATABASE_URL: '',
};

if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
  console.error(`seeding ${count} listings into ${dataDir}…`);
  execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'seed', 'demo'], { env, stdio: 'inherit' });
  execFileSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'seed', 'synthetic', String(count)], {
    env,
    stdio: 'inherit',
  });
}
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
  env: { ...env, SEED_DEMO: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}
const rss = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};
const idle = rss();
const words = ['notes', 'analytics', 'zentrix', 'design', 'invoice', 'team', 'cloud', 'ai', 'data', 'tracker'];
const slugs = (
  (await (await fetch(`${base}/api/v1/listings?per_page=100&sort=newest`)).json()) as { items: { slug: string }[] }
).items.map((i) => i.slug);
for (let round = 0; round < 20; round++) {
  await Promise.all(
    words.map((w) =>
      fetch(`${base}/api/v1/listings?q=${w}${round % 2 ? 'x' : ''}&page=${1 + (round % 5)}`).then((r) =>
        r.arrayBuffer(),
      ),
    ),
  );
  await Promise.all(slugs.slice(0, 50).map((s) => fetch(`${base}/api/v1/listings/${s}`).then((r) => r.arrayBuffer())));
}
await Promise.all(
  ['/api/v1/categories', '/api/v1/launches?section=trending', '/api/v1/leaderboards/community-all-time', '/'].map((p) =>
    fetch(base + p).then((r) => r.arrayBuffer()),
  ),
);
const busy = rss();
server.kill('SIGTERM');
console.log(
  JSON.stringify({
    bench: 'server_rss',
    db: 'pglite',
    listings: count,
    rss_idle_mb: idle,
    rss_after_load_mb: busy,
    target_mb: 500,
    pass: busy <= 500,
    data_dir: dataDir,
  }),
);
