import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from './client.js';
import { DataDirInUseError, LOCK_FILE } from './data-dir-lock.js';

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  listings: number;
}

async function countListings(db: { query<T>(sql: string): Promise<T[]> }): Promise<number> {
  const [{ exists }] = await db.query<{ exists: boolean }>(
    `SELECT to_regclass('public.listings') IS NOT NULL AS exists`,
  );
  if (!exists) return 0;
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings');
  return n;
}

/** Throws unless dataDir holds an embedded database (so nothing creates an empty one by mistake). */
export function requireEmbeddedDatabase(dataDir: string): void {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR)`);
}

/**
 * Writes the embedded database in dataDir to `file` as a gzipped tarball of its data directory.
 * The directory is locked meanwhile, so this refuses while the service has it open: a copy taken
 * under a running server could miss half a transaction.
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<BackupSummary> {
  requireEmbeddedDatabase(dataDir);
  const db = await openPglite(dataDir);
  try {
    const listings = await countListings(db);
    const tarball = Buffer.from(await (await db.dumpDataDir!()).arrayBuffer());
    // Written aside and renamed, so an interrupted backup never leaves a truncated file under the name.
    const partial = `${file}.partial`;
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
    return { file, bytes: tarball.length, listings };
  } finally {
    await db.close();
  }
}

/** Fills dataDir, which must be empty or missing, from a backup written by backupEmbedded(). */
export async function restoreEmbedded(file: string, dataDir: string): Promise<BackupSummary> {
  if (!fs.existsSync(file)) throw new BackupError(`there is no backup file ${file}`);
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((f) => f !== LOCK_FILE) : [];
  if (present.length > 0) {
    throw new BackupError(
      `${dataDir} (DATA_DIR) is not empty: restore into an empty directory, ` +
        'e.g. move the current one aside first (mv data data.old), so that nothing is overwritten',
    );
  }
  const tarball = fs.readFileSync(file);
  if (tarball[0] !== 0x1f || tarball[1] !== 0x8b)
    throw new BackupError(`${file} is not a backup written by "npm run admin -- backup" (not gzip)`);
  let db;
  try {
    db = await openPglite(dataDir, { loadDataDir: new Blob([tarball]) });
  } catch (err) {
    if (err instanceof DataDirInUseError) throw err;
    fs.rmSync(dataDir, { recursive: true, force: true }); // only what this restore wrote: it was empty
    throw new BackupError(`${file} could not be restored: ${(err as Error).message}`);
  }
  try {
    return { file, bytes: tarball.length, listings: await countListings(db) };
  } finally {
    await db.close();
  }
}
