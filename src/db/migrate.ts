import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, NoRows } from './client.js';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same for every instance starting at once.
const MIGRATION_LOCK = 7_340_021;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.split('_')[0]), name: f, sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Applies the numbered migrations not yet applied, each in its own transaction; forward-only. */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  // Under the lock too: instances starting together on an empty PostgreSQL would otherwise race to
  // create this table (CREATE TABLE IF NOT EXISTS is not safe against a concurrent create).
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query<NoRows>('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version int PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  // Those already applied are skipped without a transaction each (every start and every test database
  // passes here); the rest are checked again under the lock, as another instance may be applying them.
  const already = new Set(
    (await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const applied: string[] = [];
  for (const m of migrations.filter((m) => !already.has(m.version))) {
    const done = await db.transaction(async (tx) => {
      // Several instances may start together on PostgreSQL: one applies, the others wait and skip.
      if (db.kind === 'postgres') await tx.query<NoRows>('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const rows = await tx.query<{ one: number }>('SELECT 1 AS one FROM schema_migrations WHERE version = $1', [
        m.version,
      ]);
      if (rows.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query<NoRows>('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
