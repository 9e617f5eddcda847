import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { createAppContext, closeAppContext } from '../../src/context.js';
import { seedDemo } from '../../src/seed/demo-seed.js';
import { runBackupCommand } from '../../src/admin/backup-commands.js';
import { UsageError } from '../../src/admin/cli.js';
import { assertRestored, readEveryListing } from '../support/restored-database.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-backup-'));
const configFor = (dataDir: string) =>
  loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent' });
const run = async (dataDir: string, args: string[]) => {
  const lines: string[] = [];
  await runBackupCommand(configFor(dataDir), args, (l) => lines.push(l));
  return lines;
};

test('a backup restored into a fresh data directory reads every listing back', { timeout: 180_000 }, async () => {
  const source = path.join(root, 'source');
  const ctx = await createAppContext(configFor(source));
  await seedDemo(ctx);
  const before = await readEveryListing(ctx);
  await closeAppContext(ctx);

  const file = path.join(root, 'nightly.tar.gz');
  const said = await run(source, ['backup', '--to', file]);
  assert.match(said.at(-1)!, new RegExp(`wrote .*nightly\\.tar\\.gz .*${before.size} listings`));

  const restored = path.join(root, 'restored');
  await run(restored, ['restore', '--from', file]);
  const again = await createAppContext(configFor(restored));
  try {
    await assertRestored(again, before);
  } finally {
    await closeAppContext(again);
  }
});

test('restoring into a data directory that holds anything is refused and leaves it as it was', async () => {
  const dir = path.join(root, 'occupied');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine');
  await assert.rejects(
    run(dir, ['restore', '--from', path.join(root, 'nightly.tar.gz')]),
    (err: unknown) => err instanceof UsageError && /not empty/.test(err.message),
  );
  assert.deepEqual(fs.readdirSync(dir), ['keep.txt']);
});

test('a file that is not a backup is refused with the reason', async () => {
  const bogus = path.join(root, 'bogus.tar.gz');
  fs.writeFileSync(bogus, 'hello');
  await assert.rejects(run(path.join(root, 'never'), ['restore', '--from', bogus]), /not a backup/);
  assert.equal(fs.existsSync(path.join(root, 'never')), false);
});

test('backing up a data directory without a database says so', async () => {
  await assert.rejects(
    run(path.join(root, 'empty'), ['backup', '--to', path.join(root, 'x.tar.gz')]),
    /there is no embedded database/,
  );
});

test('on PostgreSQL the backup command points at pg_dump and pg_restore', async () => {
  const config = loadConfig({ DATABASE_URL: 'postgres://127.0.0.1:1/none', LOG_LEVEL: 'silent' });
  await assert.rejects(
    runBackupCommand(config, ['backup'], () => {}),
    (err: unknown) => err instanceof UsageError && /pg_dump/.test(err.message) && /pg_restore/.test(err.message),
  );
});

test('restore without --from explains what it needs', async () => {
  await assert.rejects(run(path.join(root, 'x'), ['restore']), /needs --from FILE/);
});

process.once('beforeExit', () => fs.rmSync(root, { recursive: true, force: true }));
