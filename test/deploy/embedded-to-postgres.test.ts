import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createAppContext, closeAppContext } from '../../src/context.js';
import { openPglite, openPostgres, type Db } from '../../src/db/client.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { runBackupCommand } from '../../src/admin/backup-commands.js';
import { UsageError } from '../../src/admin/cli.js';
import { createDatabase } from '../support/postgres-server.js';
import { postgresAdminUrl } from '../support/databases.js';
import { assertRestored, readEveryListing } from '../support/restored-database.js';
import { fingerprintOf } from '../support/db-fingerprint.js';

// README "Moving to PostgreSQL": a site that began on the embedded database moves to PostgreSQL.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-move-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
const dataDir = path.join(root, 'data');
const embedded = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent' });
const copy = async (url: string) => {
  const lines: string[] = [];
  await runBackupCommand(embedded, ['copy-to-postgres', '--to', url], (l) => lines.push(l));
  return lines;
};

/** Every table's rows, hashed, but the record of when each migration was applied. */
async function contents(db: Db): Promise<Record<string, string>> {
  const { schema_migrations: _, ...rest } = await fingerprintOf(db);
  return rest;
}

/** Rows per table. */
async function rowCounts(db: Db): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await contents(db)).map(([t, h]) => [t, h.split(':')[0]]));
}

let before: Map<number, unknown>;
let target: { url: string; drop(): Promise<void> };

test('the embedded database is copied into an empty PostgreSQL database, every row of every table as it was', {
  timeout: 180_000,
}, async () => {
  const ctx = await createAppContext(embedded);
  await seedDemo(ctx);
  before = await readEveryListing(ctx);
  await closeAppContext(ctx);
  target = await createDatabase(await postgresAdminUrl());

  const said = await copy(target.url);
  assert.match(said.at(-2)!, /^copied [\d,]+ rows of \d+ tables/);
  assert.ok(
    said.some((l) => /^ {2}listings: [\d,]+ rows$/.test(l)),
    'progress names each table',
  );

  const source = await openPglite(dataDir);
  const copied = await openPostgres(target.url, 2);
  try {
    const [from, to] = [await contents(source), await contents(copied)];
    assert.ok(Number(from.listings.split(':')[0]) > 100);
    assert.deepEqual(to, from);
  } finally {
    await source.close();
    await copied.close();
  }
});

test('the site then runs on PostgreSQL: every listing reads the same, new writes work, search finds a typo', {
  timeout: 60_000,
}, async () => {
  const ctx = await createAppContext(
    loadConfig({ DATABASE_URL: target.url, PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent' }),
  );
  try {
    await assertRestored(ctx, before);
    const [{ n }] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM listings WHERE search_vector @@ to_tsquery('english', 'notes')`,
    );
    assert.ok(n > 0, 'the search index came along');
  } finally {
    await closeAppContext(ctx);
  }
});

test("a database that already holds people's data is refused and left as it was", { timeout: 60_000 }, async () => {
  const db = await openPostgres(target.url, 2);
  const counts = await rowCounts(db);
  await assert.rejects(
    copy(target.url),
    (err: unknown) => err instanceof UsageError && /already holds data \(\d+ rows in users\)/.test(err.message),
  );
  assert.deepEqual(await rowCounts(db), counts);
  await db.close();
  await target.drop();
});

test('copy-to-postgres wants a postgres:// address', async () => {
  await assert.rejects(
    runBackupCommand(embedded, ['copy-to-postgres', '--to', 'mysql://x'], () => {}),
    /needs --to postgres:\/\//,
  );
});
