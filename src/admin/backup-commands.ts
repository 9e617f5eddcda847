import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { type NoRows, openPglite, openPostgres } from '../db/client.js';
import { backupEmbedded, restoreEmbedded, requireEmbeddedDatabase, BackupError } from '../db/embedded-backup.js';
import { copyDatabase, CopyRefused } from '../db/copy-database.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { UsageError } from './cli.js';

export const BACKUP_COMMANDS = ['backup', 'restore', 'copy-to-postgres'];

const POSTGRES_HINT =
  'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore ' +
  '(README, "Backups"), e.g.\n  pg_dump --format=custom --file=launchdeck.dump "$DATABASE_URL"\n' +
  '  pg_restore --no-owner --dbname="$NEW_DATABASE_URL" launchdeck.dump';

const COPY_HINT =
  'copy-to-postgres copies the embedded database (DATA_DIR) into PostgreSQL: run it without DATABASE_URL set, ' +
  'with the service stopped, e.g.\n  npm run admin -- copy-to-postgres --to ' +
  'postgres://launchdeck:…@db.internal:5432/launchdeck';

/** Moves a site from the embedded database to PostgreSQL (README, "Moving to PostgreSQL"). */
async function copyEmbeddedToPostgres(config: Config, url: string, out: (line: string) => void): Promise<void> {
  requireEmbeddedDatabase(config.dataDir);
  const started = Date.now();
  const source = await openPglite(config.dataDir);
  try {
    let target;
    try {
      target = await openPostgres(url, 2);
      await target.query<NoRows>('SELECT 1');
    } catch (err) {
      await target?.close();
      throw new BackupError(`cannot reach ${redactedUrl(url)}: ${(err as Error).message}`);
    }
    try {
      out(`copying ${config.dataDir} into ${redactedUrl(url)} …`);
      const r = await copyDatabase(source, target, out);
      out(
        `copied ${r.rows.toLocaleString('en')} rows of ${r.tables} tables in ` +
          `${((Date.now() - started) / 1000).toFixed(1)} s.`,
      );
      out(
        `Start on PostgreSQL with DATABASE_URL=${redactedUrl(url)} (and the same SECRETS_KEY); keep ` +
          `${config.dataDir} as a backup.`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

const redactedUrl = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:…@');

const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `backup [--to FILE]`, `restore --from FILE` and `copy-to-postgres --to URL` for the embedded
 * database. They open the data directory themselves (never a running service's), so they need no
 * app context.
 */
export async function runBackupCommand(
  config: Config,
  argv: string[],
  out: (line: string) => void,
  now = new Date(),
): Promise<void> {
  const [command, ...rest] = argv;
  let values: { to?: string; from?: string };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { to: { type: 'string' }, from: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (config.databaseUrl) throw new UsageError(command === 'copy-to-postgres' ? COPY_HINT : POSTGRES_HINT);
  try {
    if (command === 'copy-to-postgres') {
      if (!values.to || !/^postgres(ql)?:\/\//.test(values.to))
        throw new UsageError(
          'copy-to-postgres needs --to postgres://USER:PASSWORD@HOST:PORT/DATABASE (a new, empty database)',
        );
      await copyEmbeddedToPostgres(config, values.to, out);
    } else if (command === 'backup') {
      const file =
        values.to ??
        `launchdeck-backup-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;
      out(`backing up ${config.dataDir} …`);
      const r = await backupEmbedded(config.dataDir, file);
      out(
        `wrote ${r.file} (${size(r.bytes)}, ${r.listings} listings); restore it with: npm run admin -- restore ` +
          `--from ${r.file}`,
      );
    } else {
      if (!values.from) throw new UsageError('restore needs --from FILE (a file written by "npm run admin -- backup")');
      out(`restoring ${values.from} into ${config.dataDir} …`);
      const r = await restoreEmbedded(values.from, config.dataDir);
      out(`restored ${r.listings} listings into ${config.dataDir}; start the service with: npm start`);
    }
  } catch (err) {
    if (err instanceof BackupError || err instanceof DataDirInUseError || err instanceof CopyRefused)
      throw new UsageError(err.message);
    throw err;
  }
}
