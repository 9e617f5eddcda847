import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { backupEmbedded, restoreEmbedded, BackupError } from '../db/embedded-backup.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { UsageError } from './cli.js';

export const BACKUP_COMMANDS = ['backup', 'restore'];

const POSTGRES_HINT = 'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore ' +
  '(README, "Backups"), e.g.\n  pg_dump --format=custom --file=launchdeck.dump "$DATABASE_URL"\n' +
  '  pg_restore --no-owner --dbname="$NEW_DATABASE_URL" launchdeck.dump';

const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `backup [--to FILE]` and `restore --from FILE` for the embedded database. They open the data
 * directory themselves, never through a running service's context, so they need no app context.
 */
export async function runBackupCommand(config: Config, argv: string[], out: (line: string) => void, now = new Date()): Promise<void> {
  const [command, ...rest] = argv;
  let values: { to?: string; from?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (config.databaseUrl) throw new UsageError(POSTGRES_HINT);
  try {
    if (command === 'backup') {
      const file = values.to ?? `launchdeck-backup-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.tar.gz`;
      out(`backing up ${config.dataDir} …`);
      const r = await backupEmbedded(config.dataDir, file);
      out(`wrote ${r.file} (${size(r.bytes)}, ${r.listings} listings); restore it with: npm run admin -- restore --from ${r.file}`);
    } else {
      if (!values.from) throw new UsageError('restore needs --from FILE (a file written by "npm run admin -- backup")');
      out(`restoring ${values.from} into ${config.dataDir} …`);
      const r = await restoreEmbedded(values.from, config.dataDir);
      out(`restored ${r.listings} listings into ${config.dataDir}; start the service with: npm start`);
    }
  } catch (err) {
    if (err instanceof BackupError || err instanceof DataDirInUseError) throw new UsageError(err.message);
    throw err;
  }
}
