import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { migrate } from '../../src/db/migrate.js';
import { openPostgres, type Db } from '../../src/db/client.js';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases.js';

const MIGRATIONS = fs
  .readdirSync(path.resolve('src/db/migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();

for (const kind of DATABASE_KINDS) {
  test(`instances migrating an empty database at the same moment apply each migration once [${kind}]`, {
    timeout: 120_000,
  }, async () => {
    const opened = await openTestDatabase(kind);
    // PostgreSQL: five instances, each with its own pool; PGlite: one process, so five callers of its one connection.
    const extra: Db[] =
      kind === 'postgres' ? await Promise.all(Array.from({ length: 4 }, () => openPostgres(opened.url!, 2))) : [];
    try {
      const dbs = kind === 'postgres' ? [opened.db, ...extra] : Array.from({ length: 5 }, () => opened.db);
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      // Every migration was applied by exactly one of them, and recorded once.
      assert.deepEqual(applied.flat().sort(), MIGRATIONS);
      const rows = await opened.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
      assert.deepEqual(
        rows.map((r) => r.name),
        MIGRATIONS,
      );
    } finally {
      for (const db of extra) await db.close();
      await opened.close();
    }
  });
}
