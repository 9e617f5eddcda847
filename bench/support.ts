import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { createAppContext } from '../src/context.js';
import { openPglite, openPostgres, type Db } from '../src/db/client.js';
import type { AppContext } from '../src/app-context.js';
import { startPostgres, type PostgresServer } from '../test/support/postgres-server.js';

const LOAD_GENERATOR = fileURLToPath(new URL('./load-generator.ts', import.meta.url));

export interface BenchDb {
  ctx: AppContext;
  server: PostgresServer | null;
  close(): Promise<void>;
}

/** A fresh database of the kind asked for (PostgreSQL started privately, or in-memory PGlite), migrated. */
export async function benchContext(kind: 'postgres' | 'pglite', env: Record<string, string> = {}): Promise<BenchDb> {
  let server: PostgresServer | null = null;
  let db: Db;
  if (kind === 'postgres') {
    server = await startPostgres();
    db = await openPostgres(server.url, 10);
  } else {
    db = await openPglite(null);
  }
  const config = loadConfig({
    PUBLIC_URL: 'http://127.0.0.1:0',
    RATE_LIMIT_MAX: '10000000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const ctx = await createAppContext(config, { db });
  return {
    ctx,
    server,
    async close() {
      await ctx.views.stop();
      await db.close();
      await server?.stop();
    },
  };
}

/**
 * Loads `url` with autocannon for `duration` seconds, from a child process (bench/load-generator.ts)
 * so that the load generator does not share the server's process, and says what it measured.
 */
export async function cannon(
  url: string,
  opts: {
    requests?: { path: string }[];
    duration?: number;
    connections?: number;
    /** Sent with every request (autocannon builds a request with headers of its own more slowly). */
    headers?: Record<string, string>;
    /** Replace `[<id>]` in headers and bodies with a new UUID for every request (autocannon's idReplacement). */
    idReplacement?: boolean;
  } = {},
): Promise<{ rps: number; p99: number; errors: number; non2xx: number; serverCpuUsPerRequest: number }> {
  const args = {
    url,
    duration: opts.duration ?? 10,
    connections: opts.connections ?? 20,
    ...(opts.requests ? { requests: opts.requests } : {}),
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.idReplacement ? { idReplacement: true } : {}),
  };
  // The options go by standard input: a list of request bodies can be longer than argv allows.
  const child = spawn(process.execPath, ['--import', 'tsx', LOAD_GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
  // This process's CPU while the load runs: the server's cost per request when it listens here, which the
  // load generator's own cost (it shares the machine's cores) cannot blur.
  const cpuBefore = process.cpuUsage();
  child.stdin.end(JSON.stringify(args));
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  const [code] = await once(child, 'exit');
  const cpu = process.cpuUsage(cpuBefore);
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
  const requests = result.rps * args.duration;
  return { ...result, serverCpuUsPerRequest: requests > 0 ? (cpu.user + cpu.system) / requests : 0 };
}

/**
 * Reads every path once, one after another, so each answer's first making (a listing's profile, its launch's
 * ranking, the encoded bytes) happens before the measurement rather than as a burst at its start.
 */
export async function visitEach(base: string, paths: string[]): Promise<void> {
  for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A one-character typo of a word, by `i`: transpose, drop, double or replace (deterministic per query). */
export function typo(word: string, i: number): string {
  const p = 1 + (i % Math.max(1, word.length - 2));
  switch (i % 4) {
    case 0:
      return word.slice(0, p) + word[p + 1] + word[p] + word.slice(p + 2); // transpose
    case 1:
      return word.slice(0, p) + word.slice(p + 1); // drop
    case 2:
      return word.slice(0, p) + word[p] + word.slice(p); // double
    default:
      return word.slice(0, p) + (word[p] === 'e' ? 'a' : 'e') + word.slice(p + 1); // replace
  }
}
