// `npm test`: starts a private PostgreSQL 15 for the suite, runs every test file with
// Node's test runner (each file runs against PGlite and PostgreSQL), then stops it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPostgres } from '../test/support/postgres-server.js';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'support' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const only = process.argv.slice(2);
// A folder argument means every test file under it (node --test on Node 20 does not expand folders).
const files = only.length > 0 ? only.flatMap((arg) => (fs.statSync(arg).isDirectory() ? testFiles(arg).sort() : [arg])) : testFiles('test').sort();

/**
 * The browser tests (test/browser) drive Debian's Chromium. When one of them is selected and
 * Chromium is missing, install it as root (`apt-get install -y chromium`; `apt-get update` first
 * only if that fails), or say how to and stop: without it those tests could only fail.
 */
function ensureChromium(): void {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(executable)) return;
  const fail = (why: string): never => {
    console.error(`\n✖ ${why}\n  The browser tests (test/browser) drive a real Chromium at ${executable}.\n` +
      '  Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu; run `sudo apt-get update` first if the package is not found)\n' +
      '  or set CHROMIUM_PATH to a Chromium or Chrome executable.\n');
    process.exit(1);
  };
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH is set to ${executable}, which does not exist.`);
  if (process.getuid?.() !== 0) fail('Chromium is not installed, and only root can install it (this runs as an ordinary user).');
  const aptGet = (...args: string[]) => {
    console.log(`$ apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.error) fail(`apt-get could not be run (${r.error.message}).`);
    return r.status === 0;
  };
  console.log(`Chromium is missing at ${executable}; the browser tests need it: installing Debian's chromium package…`);
  if (!aptGet('install', '-y', 'chromium')) {
    console.log('apt-get install failed; updating the package lists and trying again…');
    if (!aptGet('update') || !aptGet('install', '-y', 'chromium')) fail('Installing chromium with apt-get failed (see its output above).');
  }
  if (!fs.existsSync(executable)) fail(`apt-get installed chromium, but there is still nothing at ${executable}.`);
  console.log(`Chromium installed at ${executable}.`);
}

const browserDir = path.resolve('test', 'browser') + path.sep;
if (files.some((f) => path.resolve(f).startsWith(browserDir))) ensureChromium();

console.log(`starting PostgreSQL 15 for the test suite…`);
const server = await startPostgres();
console.log(`PostgreSQL ready at ${server.url}; running ${files.length} test files`);
const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_PG_URL: server.url, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
});
const stop = async () => { await server.stop().catch(() => {}); };
process.on('SIGINT', () => { child.kill('SIGINT'); });
const code: number = await new Promise((resolve) => child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0))));
await stop();
process.exit(code);
