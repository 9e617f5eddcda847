// `npm test`: starts a private PostgreSQL for the suite — the highest version ≥ 15 under
// /usr/lib/postgresql/*/bin, or PG_BIN; installed with apt-get (Debian's postgresql package)
// when none is there and this runs as root — runs every test file with Node's test runner
// (each file runs against PGlite and PostgreSQL), then stops it. Files that start their own
// redis-server get the binary checked (or installed the same way) first.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  MIN_POSTGRES_VERSION,
  findPostgresBin,
  hasPostgresTools,
  postgresVersion,
  startPostgres,
} from '../test/support/postgres-server.js';
import { findRedisServer } from '../test/support/redis-server.js';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'support' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

const only = process.argv.slice(2);
// A folder argument means every test file under it (node --test on Node 20 does not expand folders).
const files =
  only.length > 0
    ? only.flatMap((arg) => (fs.statSync(arg).isDirectory() ? testFiles(arg).sort() : [arg]))
    : testFiles('test').sort();

/** `apt-get install -y <pkg>` as root; `apt-get update` first only if that fails. `fail` says what went wrong and stops. */
function aptInstall(pkg: string, fail: (why: string) => never): void {
  const aptGet = (...args: string[]) => {
    console.log(`$ apt-get ${args.join(' ')}`);
    const r = spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (r.error) fail(`apt-get could not be run (${r.error.message}).`);
    return r.status === 0;
  };
  if (aptGet('install', '-y', pkg)) return;
  console.log('apt-get install failed; updating the package lists and trying again…');
  if (!aptGet('update') || !aptGet('install', '-y', pkg))
    fail(`Installing ${pkg} with apt-get failed (see its output above).`);
}

/**
 * The browser tests (test/browser) drive Debian's Chromium. When one of them is selected and
 * Chromium is missing, install it as root (`apt-get install -y chromium`; `apt-get update` first
 * only if that fails), or say how to and stop: without it those tests could only fail.
 */
function ensureChromium(): void {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (fs.existsSync(executable)) return;
  const fail = (why: string): never => {
    console.error(
      `\n✖ ${why}\n  The browser tests (test/browser) drive a real Chromium at ${executable}.\n` +
        '  Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu; run `sudo apt-get update` first if the package is not found)\n' +
        '  or set CHROMIUM_PATH to a Chromium or Chrome executable.\n',
    );
    process.exit(1);
  };
  if (process.env.CHROMIUM_PATH) fail(`CHROMIUM_PATH is set to ${executable}, which does not exist.`);
  if (process.getuid?.() !== 0)
    fail('Chromium is not installed, and only root can install it (this runs as an ordinary user).');
  console.log(`Chromium is missing at ${executable}; the browser tests need it: installing Debian's chromium package…`);
  aptInstall('chromium', fail);
  if (!fs.existsSync(executable)) fail(`apt-get installed chromium, but there is still nothing at ${executable}.`);
  console.log(`Chromium installed at ${executable}.`);
}

/**
 * Every test file also runs against PostgreSQL. When no PostgreSQL ≥ 15 server is found (PG_BIN,
 * else /usr/lib/postgresql/<version>/bin), install Debian's postgresql package as root (`apt-get install
 * -y postgresql`; `apt-get update` first only if that fails), or say how to and stop.
 * Returns the folder of binaries startPostgres() will use.
 */
function ensurePostgres(): string {
  const fail = (why: string): never => {
    console.error(
      `\n✖ ${why}\n  The test suite runs every test file against a private PostgreSQL ≥ ${MIN_POSTGRES_VERSION} too;` +
        ' it looks for its server binaries under /usr/lib/postgresql/<version>/bin.\n' +
        '  Install it with:  sudo apt-get install -y postgresql   (Debian/Ubuntu; run `sudo apt-get update` first if the package is not found)\n' +
        '  or set PG_BIN to a folder holding postgres, initdb and pg_ctl.\n',
    );
    process.exit(1);
  };
  if (process.env.PG_BIN) {
    if (!hasPostgresTools(process.env.PG_BIN))
      fail(`PG_BIN is set to ${process.env.PG_BIN}, which does not hold postgres, initdb and pg_ctl.`);
    return process.env.PG_BIN;
  }
  const found = findPostgresBin();
  if (found) return found;
  if (process.getuid?.() !== 0)
    fail(
      `No PostgreSQL ≥ ${MIN_POSTGRES_VERSION} is installed, and only root can install it (this runs as an ordinary user).`,
    );
  console.log(
    `No PostgreSQL ≥ ${MIN_POSTGRES_VERSION} under /usr/lib/postgresql/*/bin; the tests need one: installing Debian's postgresql package…`,
  );
  aptInstall('postgresql', fail);
  const installed = findPostgresBin();
  if (!installed)
    return fail(
      `apt-get installed postgresql, but there is still no PostgreSQL ≥ ${MIN_POSTGRES_VERSION} under /usr/lib/postgresql/*/bin.`,
    );
  console.log(`PostgreSQL installed at ${installed}.`);
  return installed;
}

/**
 * The tests of shared rate limits and of several instances start their own redis-server on a
 * loopback port. When none is found (REDIS_SERVER, /usr/bin/redis-server, PATH), install Debian's
 * redis-server package as root (its service is not needed: the tests start their own), or say how
 * to and stop. Returns the binary, passed on to the tests as REDIS_SERVER.
 */
function ensureRedis(): string {
  const fail = (why: string): never => {
    console.error(
      `\n✖ ${why}\n  The tests of shared rate limits and of several instances start a private redis-server on loopback.\n` +
        '  Install it with:  sudo apt-get install -y redis-server   (Debian/Ubuntu; run `sudo apt-get update` first if the package is not found)\n' +
        '  or set REDIS_SERVER to a redis-server executable.\n',
    );
    process.exit(1);
  };
  const found = findRedisServer();
  if (process.env.REDIS_SERVER && !fs.existsSync(process.env.REDIS_SERVER))
    fail(`REDIS_SERVER is set to ${process.env.REDIS_SERVER}, which does not exist.`);
  if (found) return found;
  if (process.getuid?.() !== 0)
    fail('redis-server is not installed, and only root can install it (this runs as an ordinary user).');
  console.log("redis-server is missing; some tests need it: installing Debian's redis-server package…");
  aptInstall('redis-server', fail);
  const installed = findRedisServer();
  if (!installed)
    return fail(
      'apt-get installed redis-server, but there is still no redis-server at /usr/bin/redis-server or on PATH.',
    );
  console.log(`redis-server installed at ${installed}.`);
  return installed;
}

const browserDir = path.resolve('test', 'browser') + path.sep;
// The crawler's rendering tests drive the same Chromium.
if (files.some((f) => path.resolve(f).startsWith(browserDir) || /crawler[\\/]render-page\.test\.ts$/.test(f)))
  ensureChromium();
// Test files that start their own redis-server (shared rate limits, several instances) need the binary.
const redisServer = files.some((f) => fs.readFileSync(f, 'utf8').includes('support/redis-server.js'))
  ? ensureRedis()
  : null;

const pgBin = ensurePostgres();
const pgVersion = postgresVersion(pgBin);
console.log(`starting PostgreSQL${pgVersion ? ` ${pgVersion}` : ''} (${pgBin}) for the test suite…`);
const server = await startPostgres();
console.log(`PostgreSQL ready at ${server.url}; running ${files.length} test files`);
// Two test files at a time: most of a file's time is spent waiting on PostgreSQL, Chromium or a
// socket, so a second file fills that wait (TEST_CONCURRENCY overrides; 1 runs them one by one).
const concurrency = /^[1-9]\d?$/.test(process.env.TEST_CONCURRENCY ?? '') ? process.env.TEST_CONCURRENCY! : '2';
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_PG_URL: server.url,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
      ...(redisServer ? { REDIS_SERVER: redisServer } : {}),
    },
  },
);
const stop = async () => {
  await server.stop().catch(() => {});
};
process.on('SIGINT', () => {
  child.kill('SIGINT');
});
const code: number = await new Promise((resolve) => child.on('exit', (c, sig) => resolve(c ?? (sig ? 1 : 0))));
await stop();
process.exit(code);
