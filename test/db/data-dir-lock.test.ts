import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { openPglite } from '../../src/db/client.js';
import { DataDirInUseError, LOCK_FILE } from '../../src/db/data-dir-lock.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'launchdeck-lock-'));

/** A child process that opens the embedded database in dir and keeps it open until killed. */
async function holdInChild(dir: string) {
  const script = `import { openPglite } from ${JSON.stringify(path.resolve('src/db/client.ts'))};
    await openPglite(${JSON.stringify(dir)}); console.log('open'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  while (!out.includes('open')) {
    if (child.exitCode !== null) throw new Error('the child could not open the database');
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

test('a data directory another process has open is refused, naming that process', { timeout: 60_000 }, async () => {
  const dir = tempDir();
  const child = await holdInChild(dir);
  try {
    await assert.rejects(
      openPglite(dir),
      (err: unknown) => err instanceof DataDirInUseError && err.pid === child.pid && /npm start/.test(err.message),
    );
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('the lock of a process that died is taken over', { timeout: 60_000 }, async () => {
  const dir = tempDir();
  const child = await holdInChild(dir);
  child.kill('SIGKILL');
  await once(child, 'exit');
  assert.ok(fs.existsSync(path.join(dir, LOCK_FILE)), 'a killed process leaves its lock behind');
  const db = await openPglite(dir);
  await db.query('SELECT 1');
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a lock naming a live process that started at another time (its pid reused) is taken over', {
  timeout: 60_000,
}, async () => {
  const dir = tempDir();
  const other = spawn('sleep', ['30']);
  try {
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${other.pid} 1\n`); // started at boot: not this sleep
    const db = await openPglite(dir);
    await db.close();
  } finally {
    other.kill('SIGKILL');
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('closing the database gives the lock back', async () => {
  const dir = tempDir();
  const db = await openPglite(dir);
  assert.equal(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8').split(' ')[0].trim(), String(process.pid));
  await db.close();
  assert.equal(fs.existsSync(path.join(dir, LOCK_FILE)), false);
  fs.rmSync(dir, { recursive: true, force: true });
});
