import type { Db, NoRows, Queryable } from './client.js';
import { migrate } from './migrate.js';

/** Why a copy did not start; nothing was written. */
export class CopyRefused extends Error {}

/** Tables that hold people's data: a target with any of these rows is somebody's database. */
const PEOPLE_TABLES = ['users', 'companies', 'listings', 'orders'];
/** One batch of rows: few enough to keep a crawled page's 2 MB values from piling up in memory. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface CopySummary {
  tables: number;
  rows: number;
}

/**
 * Copies every row of `source` into `target`, which must hold no one's data yet: both are brought
 * to the same migration first, so their tables are the same. On the target everything happens in
 * one transaction (all or nothing): its foreign keys are dropped and its triggers disabled while
 * rows arrive in any order, then put back, which checks every reference. Sequences continue where
 * the source's stood. Used to move the embedded database to PostgreSQL.
 */
export async function copyDatabase(
  source: Db,
  target: Db,
  log: (line: string) => void = () => {},
): Promise<CopySummary> {
  await migrate(source);
  await migrate(target);
  for (const table of PEOPLE_TABLES) {
    const [{ n }] = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(table)}`);
    if (n > 0)
      throw new CopyRefused(
        `the target database already holds data (${n} rows in ${table}): copy into a new, empty database`,
      );
  }
  const tables = (
    await source.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'
        AND relname <> 'schema_migrations' ORDER BY relname`,
    )
  ).map((r) => r.name);
  const sequences = await source.query<{ name: string; last_value: number | null }>(
    `SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = 'public'`,
  );

  let rows = 0;
  await target.transaction(async (tx) => {
    const keys = await tx.query<{ tbl: string; name: string; def: string }>(
      `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def
         FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
    );
    for (const k of keys) await tx.query<NoRows>(`ALTER TABLE ${k.tbl} DROP CONSTRAINT ${ident(k.name)}`);
    for (const t of tables) await tx.query<NoRows>(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
    // Rows written by migrations and a first start (the site, prices) make way for the source's.
    await tx.query<NoRows>(`TRUNCATE ${tables.map(ident).join(', ')}`);
    for (const t of tables) {
      const copied = await copyTable(source, tx, t);
      rows += copied;
      if (copied > 0) log(`  ${t}: ${copied.toLocaleString('en')} ${copied === 1 ? 'row' : 'rows'}`);
    }
    for (const t of tables) await tx.query<NoRows>(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
    for (const k of keys) await tx.query<NoRows>(`ALTER TABLE ${k.tbl} ADD CONSTRAINT ${ident(k.name)} ${k.def}`);
    for (const s of sequences) {
      await tx.query<NoRows>(`SELECT setval($1::regclass, $2, $3)`, [
        `public.${ident(s.name)}`,
        s.last_value ?? 1,
        s.last_value !== null,
      ]);
    }
  });
  return { tables: tables.length, rows };
}

/** Copies one table in batches of rows picked by their physical address (any table, with or without a key). */
async function copyTable(source: Queryable, target: Queryable, table: string): Promise<number> {
  const columns = (
    await source.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
        AND attgenerated = '' ORDER BY attnum`,
      [`public.${ident(table)}`],
    )
  ).map((r) => ident(r.name));
  const list = columns.join(', ');
  const tuples = await source.query<{ tid: string; size: number }>(
    `SELECT ctid::text AS tid, pg_column_size(t.*) AS size FROM ${ident(table)} t`,
  );
  let copied = 0;
  for (let i = 0; i < tuples.length; ) {
    const batch: string[] = [];
    let bytes = 0;
    while (
      i < tuples.length &&
      batch.length < BATCH_ROWS &&
      (batch.length === 0 || bytes + tuples[i].size <= BATCH_BYTES)
    ) {
      bytes += tuples[i].size;
      batch.push(tuples[i++].tid);
    }
    // As JSON text end to end, so every type (timestamps, numerics, arrays, tsvector) arrives as the source stored it.
    const [{ json }] = await source.query<{ json: string }>(
      `SELECT json_agg(r)::text AS json FROM (SELECT ${list} FROM ${ident(table)} WHERE ctid = ANY($1::tid[])) r`,
      [batch],
    );
    await target.query<NoRows>(
      `INSERT INTO ${ident(table)} (${list}) SELECT ${list}
        FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`,
      [json],
    );
    copied += batch.length;
  }
  return copied;
}
