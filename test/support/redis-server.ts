import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from './free-port.js';

/**
 * The `redis-server` binary the tests start: REDIS_SERVER when set (taken as is), else
 * Debian's /usr/bin/redis-server, else the first one on PATH; null when there is none.
 */
export function findRedisServer(): string | null {
  if (process.env.REDIS_SERVER) return process.env.REDIS_SERVER;
  const candidates = [
    '/usr/bin/redis-server',
    ...(process.env.PATH ?? '')
      .split(':')
      .filter(Boolean)
      .map((d) => path.join(d, 'redis-server')),
  ];
  for (const file of candidates) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server for good and removes its directory. */
  stop(): Promise<void>;
  /** An outage: the server stops (its counts are lost) until up() starts it again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
}

/** Resolves once something answers PING with PONG on the port. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => {
      reply += d.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts a private redis-server on a free loopback port, keeping nothing on disk (no RDB
 * snapshots, no AOF) in a throw-away directory; stop() removes it all.
 */
export async function startRedis(): Promise<RedisServer> {
  const bin = findRedisServer();
  if (!bin)
    throw new Error(
      'No redis-server found (Debian: `sudo apt-get install -y redis-server`); REDIS_SERVER may name one.',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-redis-'));
  const port = await freeLoopbackPort();
  let proc: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    log = '';
    const p = spawn(
      bin,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    proc = p;
    const keep = (d: Buffer) => {
      log += d.toString();
      if (log.length > 20_000) log = log.slice(-10_000);
    };
    p.stdout?.on('data', keep);
    p.stderr?.on('data', keep);
    // The server must not keep a test process alive on its own: its owner stops it explicitly.
    p.unref();
    (p.stdout as unknown as { unref?: () => void } | null)?.unref?.();
    (p.stderr as unknown as { unref?: () => void } | null)?.unref?.();
    const deadline = Date.now() + 10_000;
    while (!(await pong(port))) {
      if (p.exitCode !== null) throw new Error(`redis-server exited early:\n${log}`);
      if (Date.now() > deadline) {
        p.kill('SIGKILL');
        throw new Error(`redis-server did not start:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const halt = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => p.once('exit', () => resolve()));
    p.kill('SIGTERM');
    const timer = setTimeout(() => p.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    down: halt,
    up: start,
  };
}
