import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../src/db/client.js';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import { createDatabase, startPostgres, type PostgresServer } from './postgres-server.js';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

let ownServer: Promise<PostgresServer> | null = null;

/** The PostgreSQL of `npm test` (TEST_PG_URL), or one started for this file when run alone. */
export async function postgresAdminUrl(): Promise<string> {
  if (process.env.TEST_PG_URL) return process.env.TEST_PG_URL;
  if (!ownServer) {
    ownServer = startPostgres();
    // Stopped when the file's tests are over (a test hook here would run at the end of one suite, too early).
    process.once('beforeExit', () => {
      void ownServer!.then((s) => s.stop());
    });
  }
  return (await ownServer).url;
}

/**
 * What the migrated schema is made of: the migrations' text and the PGlite release (its data directory
 * format). A template named for it can never be a stale schema.
 */
const schemaHash = (() => {
  let hash: string | undefined;
  return () => {
    if (hash) return hash;
    const h = crypto.createHash('sha256');
    for (const m of readMigrations()) h.update(`${m.name}\n${m.sql}\n`);
    h.update(fs.readFileSync(path.resolve('node_modules/@electric-sql/pglite/package.json')));
    return (hash = h.digest('hex').slice(0, 16));
  };
})();

let pgliteTemplate: Promise<Blob> | null = null;

/**
 * A migrated PGlite data directory as a tarball, made once per schema and kept in the system's temp
 * folder for every test process of the run (and the next runs): a new PGlite runs initdb, which takes
 * seconds of CPU, where loading a data directory takes a fraction of one.
 */
function migratedPglite(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `launchdeck-test-pglite-${schemaHash()}.tar`);
    // Kept gzipped on disk (5 MB, not 40) and loaded as a plain tar: unpacking it once here spares every load.
    if (fs.existsSync(file)) return new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
    const db = await openPglite(null);
    try {
      await migrate(db);
      const tarball = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
      // Written aside then renamed: a process reading it never sees half a file.
      const partial = `${file}.${process.pid}`;
      fs.writeFileSync(partial, tarball);
      fs.renameSync(partial, file);
      return new Blob([zlib.gunzipSync(tarball)]);
    } finally {
      await db.close();
    }
  })();
  return pgliteTemplate;
}

/** Serialises the processes that might make the PostgreSQL template at once (any constant works). */
const TEMPLATE_LOCK = 7_340_022;

/**
 * A migrated database on this PostgreSQL to copy new ones from (CREATE DATABASE … TEMPLATE copies files,
 * where migrating runs every statement again), made by the first process that needs it.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `tpl_${schemaHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_${process.pid}`;
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const db = await openPostgres(url.toString(), 1);
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      // Renamed once complete (nobody is connected to it any more): the name is only ever a whole template.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {});
    await admin.end();
  }
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A fresh database of the given kind; close() disposes of it. Empty unless `migrated` (what an app
 * starts on: every migration applied, copied from a template made once, so createAppContext has
 * nothing left to apply).
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  o: { migrated?: boolean } = {},
): Promise<{
  db: Db /** PostgreSQL only: for other processes (a worker) to connect. */;
  url: string | null;
  close(): Promise<void>;
}> {
  if (kind === 'pglite') {
    const db = await openPglite(null, o.migrated ? { loadDataDir: await migratedPglite() } : {});
    return { db, url: null, close: () => db.close() };
  }
  const adminUrl = await postgresAdminUrl();
  let template: string | undefined;
  if (o.migrated) {
    let made = postgresTemplates.get(adminUrl);
    if (!made) postgresTemplates.set(adminUrl, (made = migratedPostgresTemplate(adminUrl)));
    template = await made;
  }
  const created = await createDatabase(adminUrl, template);
  const db = await openPostgres(created.url, 5);
  return {
    db,
    url: created.url,
    async close() {
      await db.close();
      await created.drop();
    },
  };
}
