import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createAppContext, closeAppContext } from '../../src/context.js';
import { buildApp } from '../../src/app.js';
import { openPostgres } from '../../src/db/client.js';
import { startPostgres, type PostgresServer } from '../support/postgres-server.js';
import { callTool } from '../support/mcp-rpc.js';
import { createApiKey, createUser } from '../support/credentials.js';
import type { TestEnv } from '../support/app.js';
import type { AppContext } from '../../src/app-context.js';

/**
 * Issue 16, faults: the database's disk fills up. Each database lives on a small tmpfs of its
 * own — PostgreSQL's test database in a tablespace there (its WAL stays on the main disk, so the
 * server keeps running, as with a full data volume), the embedded database's DATA_DIR — and a file
 * then takes every byte left. Writes must get a 507 problem document with Retry-After (MCP:
 * isError with the same body), never a 500, and store nothing; reads go on; once space is freed
 * the same write succeeds.
 */

const mounts: string[] = [];
/** A fresh 96 MB tmpfs, or why there cannot be one (tests then skip, saying so). */
function mountTmpfs(): string | { reason: string } {
  if (process.getuid?.() !== 0) return { reason: 'mounting a small filesystem needs root' };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir], { stdio: 'pipe' });
    mounts.push(dir);
    return dir;
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { reason: `mount -t tmpfs is not permitted here: ${(err as Error).message.split('\n')[0]}` };
  }
}
const forPostgres = mountTmpfs();
const forEmbedded = mountTmpfs();
const skipReason = (m: string | { reason: string }) => (typeof m === 'string' ? false : m.reason);
let server: PostgresServer | null = null;
after(async () => {
  await server?.stop();
  for (const dir of mounts) {
    execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** Fills the filesystem at dir with one file until the kernel refuses another byte. */
function fillUp(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

/** Serves ctx on loopback and runs the disk-full story against it; `mount` is the filesystem the database writes to. */
async function writesOnAFullDisk(ctx: AppContext, mount: string) {
  const db = ctx.db;
  const logged: string[] = [];
  const app = await buildApp(ctx, { logger: { level: 'warn', stream: { write: (l: string) => logged.push(l) } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const env = { ctx, app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` } as TestEnv;
  try {
    const key = await createApiKey(env, await createUser(env, 'full'), ['account:read', 'listings:write']);
    const auth = { authorization: `Bearer ${key}` };
    const submit = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/drafts',
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { url: `https://product-${n}.example.com/` },
      });
    const drafts = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drafts'))[0].n;
    assert.equal((await submit(0)).statusCode, 201);

    const filler = fillUp(mount);
    // Free space inside pages already allocated may take a few more rows; the first write that needs a new page fails.
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof submit>> | null = null;
    for (let n = 1; n <= 200 && !refused; n++) {
      const res = await submit(n);
      statuses.push(res.statusCode);
      if (res.statusCode !== 201) refused = res;
    }
    assert.ok(refused, 'a write was refused once the disk was full');
    assert.deepEqual(new Set(statuses), new Set(statuses.length > 1 ? [201, 507] : [507]));
    assert.match(String(refused.headers['content-type']), /^application\/problem\+json/);
    assert.equal(refused.headers['retry-after'], '60');
    const body = refused.json();
    assert.equal(body.status, 507);
    assert.match(body.detail, /storage is full\); nothing from this request was saved/);
    const stored = await drafts();
    assert.equal(stored, statuses.filter((s) => s === 201).length + 1, 'the refused write stored nothing');

    const overMcp = await callTool(env, 'submit_listing', { url: 'https://by-mcp.example.com/' }, auth);
    assert.equal(overMcp.body.result.isError, true);
    assert.equal(JSON.parse(overMcp.body.result.content[0].text).status, 507);
    assert.equal(await drafts(), stored);

    const read = await app.inject({ method: 'GET', url: '/api/v1/listings?limit=5' });
    assert.equal(read.statusCode, 200, 'reads go on');
    assert.ok(
      logged.some((l) => /storage full/.test(l)),
      'the operator is told in the log',
    );
    assert.ok(!logged.some((l) => /unhandled error/.test(l)));

    fs.rmSync(filler);
    const again = await submit(9_999);
    assert.equal(again.statusCode, 201, 'writes work again once space is back');
    assert.equal(await drafts(), stored + 1);
  } finally {
    await app.close();
  }
}

const configFor = (env: Record<string, string>) =>
  loadConfig({ PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', ...env });

test('PostgreSQL with a full disk: writes answer 507 and store nothing, reads go on, writes work once space is back', {
  skip: skipReason(forPostgres),
  timeout: 120_000,
}, async () => {
  const mount = forPostgres as string;
  server = await startPostgres();
  const spaceDir = path.join(mount, 'space');
  fs.mkdirSync(spaceDir);
  execFileSync('chown', ['postgres', spaceDir]);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE TABLESPACE small LOCATION '${spaceDir}'`);
  await admin.query('CREATE DATABASE full_disk TABLESPACE small');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/full_disk');
  const ctx = await createAppContext(configFor({ DATABASE_URL: url }), { db: await openPostgres(url, 5) });
  try {
    await writesOnAFullDisk(ctx, mount);
  } finally {
    await closeAppContext(ctx);
  }
});

test('the embedded database with a full disk: the same', {
  skip: skipReason(forEmbedded),
  timeout: 120_000,
}, async () => {
  const mount = forEmbedded as string;
  const ctx = await createAppContext(configFor({ DATA_DIR: path.join(mount, 'data') }));
  try {
    await writesOnAFullDisk(ctx, mount);
  } finally {
    await closeAppContext(ctx);
  }
});
