import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createAppContext, closeAppContext } from '../../src/context.js';
import { migrate } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { searchListings } from '../../src/domain/search/search-listings.js';
import { findPostgresBin, createDatabase } from '../support/postgres-server.js';
import { postgresAdminUrl } from '../support/databases.js';
import { assertRestored, readEveryListing } from '../support/restored-database.js';

// The README's "Backups" commands, run as written against a real PostgreSQL.
const configFor = (url: string) =>
  loadConfig({ DATABASE_URL: url, PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent' });

test('pg_dump then pg_restore into a fresh database reads every listing back and takes new writes', {
  timeout: 180_000,
}, async () => {
  const bin = findPostgresBin()!;
  const source = await createDatabase(await postgresAdminUrl());
  const target = await createDatabase(await postgresAdminUrl());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-pgdump-'));
  try {
    const ctx = await createAppContext(configFor(source.url));
    await seedDemo(ctx);
    const before = await readEveryListing(ctx);
    await closeAppContext(ctx);

    const file = path.join(dir, 'launchdeck.dump');
    execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${file}`, source.url], { stdio: 'pipe' });
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${target.url}`, file], { stdio: 'pipe' });

    const again = await createAppContext(configFor(target.url));
    try {
      assert.deepEqual(await migrate(again.db), [], 'a restored database is already up to date');
      await assertRestored(again, before);
      // Search reads the restored full-text index and typo lexicon: a name with a letter dropped finds its listing.
      const [{ slug, name }] = await again.db.query<{ slug: string; name: string }>(
        `SELECT l.slug, c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.status = 'live' AND length(c.name) >= 6 ORDER BY l.id LIMIT 1`,
      );
      const typed = name.slice(0, 2) + name.slice(3);
      const found = await searchListings(again.db, {
        siteId: again.site.id,
        q: typed,
        limit: 5,
        offset: 0,
        now: new Date(),
      });
      assert.ok(
        found.items.some((i) => i.slug === slug),
        `"${typed}" finds ${slug}`,
      );
    } finally {
      await closeAppContext(again);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await source.drop();
    await target.drop();
  }
});
