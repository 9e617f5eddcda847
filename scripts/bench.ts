// `npm run bench`: runs every benchmark in bench/ one after the other, each in its own process
// (a bench starts its own PostgreSQL and servers, and the machine is shared: never two at once),
// then prints one line per bench. `npm run bench -- votes pages` runs only those; `--list` names them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BENCH_DIR = 'bench';
/** Helpers bench scripts import, not benches. */
const NOT_BENCHES = new Set(['support', 'load-generator']);

const available = fs
  .readdirSync(BENCH_DIR)
  .filter((f) => f.endsWith('.ts') && !NOT_BENCHES.has(path.basename(f, '.ts')))
  .map((f) => path.basename(f, '.ts'))
  .sort();

const args = process.argv.slice(2);
if (args.includes('--list')) {
  console.log(available.join('\n'));
  process.exit(0);
}
const asked = args.map((a) => path.basename(a, '.ts'));
const unknown = asked.filter((a) => !available.includes(a));
if (unknown.length > 0) {
  console.error(`No such bench: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const chosen = asked.length > 0 ? asked : available;

function run(name: string): Promise<{ code: number | null; seconds: number }> {
  const started = Date.now();
  console.log(`\n━━ bench/${name}.ts ━━`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, `${name}.ts`)], {
      stdio: 'inherit',
    });
    // Ctrl-C reaches the child through the terminal; the runner just stops starting new ones.
    child.on('exit', (code, signal) => resolve({ code: signal ? 128 : code, seconds: (Date.now() - started) / 1000 }));
  });
}

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});
const results: { name: string; code: number | null; seconds: number }[] = [];
for (const name of chosen) {
  if (interrupted) break;
  results.push({ name, ...(await run(name)) });
}

console.log('\nbench                  result   time');
for (const r of results)
  console.log(
    `${r.name.padEnd(22)} ${(r.code === 0 ? 'ok' : `exit ${r.code}`).padEnd(8)} ${r.seconds.toFixed(0).padStart(4)} s`,
  );
for (const name of chosen.slice(results.length)) console.log(`${name.padEnd(22)} not run`);
process.exit(results.every((r) => r.code === 0) && results.length === chosen.length ? 0 : 1);
