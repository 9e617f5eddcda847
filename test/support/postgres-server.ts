import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freeLoopbackPort } from './free-port.js';

/** The oldest PostgreSQL major version the test suite and the benchmarks accept. */
export const MIN_POSTGRES_VERSION = 15;
const PG_TOOLS = ['postgres', 'initdb', 'pg_ctl'];

/**
 * The folder of PostgreSQL server binaries to use: `PG_BIN` when set (taken as is), else the
 * highest version ≥ 15 among `<root>/<version>/bin` (Debian's layout) that holds `postgres`,
 * `initdb` and `pg_ctl`; null when there is none.
 */
export function findPostgresBin(root = '/usr/lib/postgresql'): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  let entries: string[];
  try {
    entries = fs.readdirSync(root);
  } catch {
    return null;
  }
  const versions = entries
    .filter((name) => /^\d+$/.test(name) && Number(name) >= MIN_POSTGRES_VERSION)
    .map(Number)
    .sort((a, b) => b - a);
  for (const version of versions) {
    const bin = path.join(root, String(version), 'bin');
    if (hasPostgresTools(bin)) return bin;
  }
  return null;
}

/** The major version of the PostgreSQL in bin (from its folder name, else `postgres --version`), or null. */
export function postgresVersion(bin: string): number | null {
  const fromPath = /\/(\d+)\/bin\/?$/.exec(bin);
  if (fromPath) return Number(fromPath[1]);
  try {
    const out = execFileSync(path.join(bin, 'postgres'), ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = /(\d+)(?:\.\d+)?/.exec(out);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Whether bin holds the server binaries startPostgres() runs (`postgres`, `initdb`, `pg_ctl`). */
export function hasPostgresTools(bin: string): boolean {
  return PG_TOOLS.every((tool) => isExecutable(path.join(bin, tool)));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function requirePostgresBin(): string {
  const bin = findPostgresBin();
  if (bin) return bin;
  throw new Error(
    `No PostgreSQL ≥ ${MIN_POSTGRES_VERSION} server binaries found under /usr/lib/postgresql/*/bin ` +
      '(Debian: `sudo apt-get install -y postgresql`), and PG_BIN is not set.',
  );
}

export interface PostgresServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Shuts the server down (fast mode: sessions are cut, committed work kept), for outage tests. */
  halt(): Promise<void>;
  /** Starts the halted server again on the same port and data. */
  resume(): Promise<void>;
}

// PostgreSQL refuses to run as root; on machines where we are root it runs as the
// `postgres` system user, in a throw-away directory that user owns.
function asPostgres(bin: string, cmd: string, args: string[]): [string, string[]] {
  const isRoot = process.getuid?.() === 0;
  return isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
}

/**
 * Initialises and starts a private PostgreSQL (the one findPostgresBin() picks) on a free
 * loopback port; stop() removes it all.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = requirePostgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-pg-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  const [initCmd, initArgs] = asPostgres(bin, 'initdb', [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale',
    'C',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'pipe' });
  const port = await freeLoopbackPort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let proc: ChildProcess;

  const launch = async () => {
    const [cmd, args] = asPostgres(bin, 'postgres', [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ]);
    const started = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: false });
    proc = started;
    let log = '';
    started.stderr?.on('data', (d) => {
      log += d.toString();
      if (log.length > 20_000) log = log.slice(-10_000);
    });
    // The server must not keep a test process alive on its own: its owner stops it explicitly.
    started.unref();
    (started.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`postgres exited early:\n${log}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => {});
        if (Date.now() > deadline) {
          started.kill('SIGKILL');
          throw new Error(`postgres did not start:\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  };
  // pg_ctl stops the postmaster itself: a signal to `runuser` would not reach it.
  const halt = async () => {
    const [stopCmd, stopArgs] = asPostgres(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '15', 'stop']);
    try {
      execFileSync(stopCmd, stopArgs, { stdio: 'pipe' });
    } catch {
      /* already stopped */
    }
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };

  await launch();
  return {
    url,
    port,
    halt,
    resume: launch,
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, empty database on the server at adminUrl; drop() removes it. */
export async function createDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
