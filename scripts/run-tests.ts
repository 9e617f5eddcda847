// `npm test`: starts a private PostgreSQL 15 for the suite, runs every test file with
// Node's test runner (each file runs against PGlite and PostgreSQL), then stops it.
import { spawn } from 'node:child_process';
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
