import fs from 'node:fs';
import path from 'node:path';
import { LOCK_FILE, lockDataDir, lockText } from './data-dir-lock.js';
import { ChangeFeed, type Change, type ChangeHandler } from './changes.js';

/** The one query interface the rest of the code sees, over PGlite or PostgreSQL alike. */
/** The row type of a statement whose rows nobody reads (INSERT, UPDATE or DELETE without RETURNING, locks). */
export type NoRows = never;

export interface Queryable {
  /**
   * `prepare`: a hot statement PostgreSQL parses and plans once per connection (a named prepared
   * statement) instead of on every call; ignored by PGlite.
   */
  query<T = unknown>(sql: string, params?: unknown[], opts?: { prepare?: string }): Promise<T[]>;
  /**
   * Announces what a write through this handle changed, for the caches (see changes.ts): at once on
   * the database, after the commit on a transaction.
   */
  changed(change: Change): void;
}

/**
 * A json/jsonb column's value: both engines hand it over parsed, but a value that went through
 * json_agg or a driver setting may arrive as text — read it the same either way.
 */
export const fromJson = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

export interface Tx extends Queryable {
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /** Calls `handler` for every NOTIFY on `channel`, from any instance sharing the database. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  /** Calls `handler` for every change announced through this handle or its transactions; returns the unsubscribe. */
  onChange(handler: ChangeHandler): () => void;
  /** Runs fn in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's clients (metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Embedded only: the whole data directory as a gzipped tarball (a consistent backup). */
  dumpDataDir?(): Promise<Blob>;
}

// Dates and timestamps come back as ISO strings and int8/numeric as numbers on both
// engines, so domain code never sees engine-specific types.
const DATE = 1082;
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;
const INT8 = 20;
const NUMERIC = 1700;
// PostgreSQL prints "2026-11-23 08:59:01.12+00"; Date wants "T" and "+00:00".
const toIso = (v: string) => {
  const d = new Date(v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};

/**
 * The embedded database, in memory when dataDir is null. A directory is locked for this process
 * while open (see data-dir-lock.ts); `loadDataDir` fills an empty directory from a backup.
 */
export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  const pg = await PGlite.create({
    dataDir: dataDir ?? 'memory://',
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { pg_trgm, unaccent, fuzzystrmatch },
    parsers: {
      [DATE]: (v: string) => v,
      [TIMESTAMPTZ]: toIso,
      [TIMESTAMP]: toIso,
      [INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => Number(v),
    },
  }).catch((err) => {
    unlock();
    throw err;
  });
  // A backup carries the lock file of the process that took it: the directory is ours now.
  if (dataDir && opts.loadDataDir) fs.writeFileSync(path.join(dataDir, LOCK_FILE), lockText());
  await pg.exec("SET TIME ZONE 'UTC'");
  const feed = new ChangeFeed();
  const q: Queryable = {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pg.query(sql, params)).rows as T[];
    },
    changed: (change) => feed.publish(change),
  };
  // PGlite has one connection; transactions must not interleave with other queries,
  // which PGlite's own transaction() guarantees by queueing.
  return {
    kind: 'pglite',
    query: q.query,
    changed: q.changed,
    onChange: (handler) => feed.subscribe(handler),
    async transaction(fn) {
      const changes: Change[] = [];
      const result = await pg.transaction(async (tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await tx.query(sql, params)).rows as T[];
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
          changed: (change) => changes.push(change),
        }),
      );
      for (const change of changes) feed.publish(change);
      return result;
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async listen(channel, handler) {
      await pg.listen(channel, handler);
    },
    async close() {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
    async dumpDataDir() {
      return pg.dumpDataDir('gzip');
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Db> {
  const pgmod = await import('pg');
  const pg = pgmod.default;
  const types = pg.types;
  types.setTypeParser(DATE, (v: string) => v);
  types.setTypeParser(TIMESTAMPTZ, toIso);
  types.setTypeParser(TIMESTAMP, toIso);
  types.setTypeParser(INT8, (v: string) => Number(v));
  types.setTypeParser(NUMERIC, (v: string) => Number(v));
  // JIT off: our queries are short, and a rough row estimate (a tsquery of rare words is guessed at
  // 10,000 rows of a million) pushed plans past jit_above_cost, so compiling took 10–25 ms of a
  // 1 ms search. Session settings here override the server's, so operators need not change theirs.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c timezone=UTC -c jit=off' });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  const listeners = new Set<InstanceType<typeof pg.Client>>();
  let closed = false;
  const feed = new ChangeFeed();
  return {
    kind: 'postgres',
    changed: (change) => feed.publish(change),
    onChange: (handler) => feed.subscribe(handler),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T>(sql: string, params: unknown[] = [], opts: { prepare?: string } = {}) {
      return (
        await pool.query(
          opts.prepare
            ? { name: opts.prepare, text: sql, values: params as any[] }
            : { text: sql, values: params as any[] },
        )
      ).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no error listener of the pool's: a server shutdown between two
      // statements would otherwise be an uncaught 'error' event. Note it and discard the client.
      let broken: Error | undefined;
      const onError = (err: Error) => {
        broken = err;
      };
      client.on('error', onError);
      const changes: Change[] = [];
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<T>(sql: string, params: unknown[] = [], opts: { prepare?: string } = {}) {
            return (
              await client.query(
                opts.prepare
                  ? { name: opts.prepare, text: sql, values: params as any[] }
                  : { text: sql, values: params as any[] },
              )
            ).rows as T[];
          },
          async exec(sql: string) {
            await client.query(sql);
          },
          changed: (change) => changes.push(change),
        });
        await client.query('COMMIT');
        for (const change of changes) feed.publish(change);
        return result;
      } catch (err) {
        if (!broken) await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async listen(channel, handler) {
      // One dedicated connection for notifications; when the server drops it, it reconnects, retrying
      // every second for as long as the server is away (a restart must not silence notifications).
      const connect = async (): Promise<void> => {
        const client = new pg.Client({ connectionString: url });
        let lost = false;
        const reconnect = () => {
          if (lost) return;
          lost = true;
          listeners.delete(client);
          client.end().catch(() => {});
          const retry = () => {
            if (!closed) connect().catch(() => setTimeout(retry, 1000).unref());
          };
          setTimeout(retry, 1000).unref();
        };
        client.on('notification', (n) => {
          if (n.channel === channel) handler(n.payload ?? '');
        });
        client.on('error', reconnect);
        client.on('end', reconnect);
        try {
          await client.connect();
          await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
        } catch (err) {
          lost = true; // the caller (or the retry loop) decides what happens next
          client.end().catch(() => {});
          throw err;
        }
        if (closed) {
          await client.end().catch(() => {});
          return;
        }
        listeners.add(client);
      };
      await connect();
    },
    async close() {
      closed = true;
      const ending = [...listeners];
      listeners.clear();
      await Promise.all(ending.map((c) => c.end().catch(() => {})));
      await pool.end();
    },
  };
}

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
