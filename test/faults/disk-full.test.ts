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

/**
 * Issue 16, faults: the database's disk fills up. PostgreSQL keeps the test database in a
 * tablespace on a small tmpfs of its own (its WAL stays on the main disk, so the server itself
 * keeps running, as with a full data volume); a file then takes every byte left. Writes must get
 * a 507 problem document with Retry-After (MCP: isError with the same body), never a 500, and
 * store nothing; reads go on; once space is freed the same write succeeds.
 */

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-full-'));
function mountTmpfs(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a small filesystem needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount -t tmpfs is not permitted here: ${(err as Error).message.split('\n')[0]}`;
  }
}
const cannotMount = mountTmpfs();
let server: PostgresServer | null = null;
after(async () => {
  await server?.stop();
  if (!cannotMount) execFileSync('umount', ['-l', mountPoint], { stdio: 'pipe' });
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the filesystem at dir with one file until the kernel refuses another byte. */
function fillUp(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size);
      try { for (;;) fs.writeSync(fd, chunk); } catch (err) { if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err; }
    }
  } finally {
    fs.closeSync(fd);
  }
  return file;
}

test('with the database disk full, writes answer 507 and store nothing, reads go on, and writes work once space is back', { skip: cannotMount ?? false, timeout: 120_000 }, async () => {
  server = await startPostgres();
  const spaceDir = path.join(mountPoint, 'space');
  fs.mkdirSync(spaceDir);
  execFileSync('chown', ['postgres', spaceDir]);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE TABLESPACE small LOCATION '${spaceDir}'`);
  await admin.query('CREATE DATABASE full_disk TABLESPACE small');
  await admin.end();
  const url = server.url.replace(/\/postgres$/, '/full_disk');

  const db = await openPostgres(url, 5);
  const ctx = await createAppContext(loadConfig({ DATABASE_URL: url, PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000' }), { db });
  const logged: string[] = [];
  const app = await buildApp(ctx, { logger: { level: 'warn', stream: { write: (l: string) => logged.push(l) } } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const env = { ctx, app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` } as TestEnv;
  try {
    const key = await createApiKey(env, await createUser(env, 'full'), ['account:read', 'listings:write']);
    const auth = { authorization: `Bearer ${key}` };
    const submit = (n: number) => app.inject({ method: 'POST', url: '/api/v1/drafts', headers: { ...auth, 'content-type': 'application/json' }, payload: { url: `https://product-${n}.example.com/` } });
    const drafts = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drafts'))[0].n;
    assert.equal((await submit(0)).statusCode, 201);

    const filler = fillUp(mountPoint);
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
    assert.ok(logged.some((l) => /storage full/.test(l)), 'the operator is told in the log');
    assert.ok(!logged.some((l) => /"level":50.*unhandled error/.test(l)));

    fs.rmSync(filler);
    const again = await submit(9_999);
    assert.equal(again.statusCode, 201, 'writes work again once space is back');
    assert.equal(await drafts(), stored + 1);
  } finally {
    await app.close();
    await closeAppContext(ctx);
  }
});
