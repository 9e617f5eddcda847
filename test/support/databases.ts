import { openPglite, openPostgres, type Db } from '../../src/db/client.js';
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

/** A fresh, empty database of the given kind; close() disposes of it. */
export async function openTestDatabase(kind: DatabaseKind): Promise<{
  db: Db /** PostgreSQL only: for other processes (a worker) to connect. */;
  url: string | null;
  close(): Promise<void>;
}> {
  if (kind === 'pglite') {
    const db = await openPglite(null);
    return { db, url: null, close: () => db.close() };
  }
  const created = await createDatabase(await postgresAdminUrl());
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
