import type { Queryable } from '../../src/db/client.js';
import type { TestEnv } from './app.js';

/**
 * Every row of every table, hashed per table: compare two to show a request changed nothing.
 * One statement for all tables, so it stays cheap enough to take after every fuzzed request.
 */
export const fingerprint = (env: TestEnv) => fingerprintOf(env.ctx.db);

/** The same of any database; rows are ordered byte-wise, so two engines or collations hash alike. */
export async function fingerprintOf(db: Queryable): Promise<Record<string, string>> {
  const tables = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const sql = tables
    .map(
      ({ table_name }, i) =>
        `SELECT $${i + 1}::text AS t, count(*) || ':' || md5(coalesce(string_agg(x::text, '|' ORDER BY x::text COLLATE "C"), '')) AS h FROM "${table_name}" x`,
    )
    .join(' UNION ALL ');
  const rows = await db.query<{ t: string; h: string }>(
    sql,
    tables.map((t) => t.table_name),
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.h]));
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
