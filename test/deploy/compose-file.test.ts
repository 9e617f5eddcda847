import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

// docker-compose.yml cannot be run here (no Docker); these checks keep it in step with the
// service and the README instead. Read line by line: its shape is plain two-space YAML.
const compose = fs.readFileSync('docker-compose.yml', 'utf8');
const readme = fs.readFileSync('README.md', 'utf8');
const configSource = fs.readFileSync('src/config.ts', 'utf8');

/** Top-level keys of the `services:` block. */
function services(): string[] {
  const lines = compose.split('\n');
  const from = lines.indexOf('services:');
  const names: string[] = [];
  for (const line of lines.slice(from + 1)) {
    if (/^\S/.test(line)) break;
    const m = /^ {2}([a-z0-9-]+):/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

/** Environment variables given to Launchdeck containers (the postgres image's own are left out). */
const launchdeckVariables = () =>
  [...new Set([...compose.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]))].filter(
    (v) => !v.startsWith('POSTGRES_'),
  );

test('the compose file runs PostgreSQL, Redis, a one-off migration, two web instances, two workers and a load balancer', () => {
  assert.deepEqual(services().sort(), [
    'migrate',
    'postgres',
    'proxy',
    'redis',
    'web-1',
    'web-2',
    'worker-1',
    'worker-2',
  ]);
  assert.match(compose, /command: \["node", "--import", "tsx", "src\/main.ts", "start", "--web-only"\]/);
  assert.match(compose, /command: \["node", "--import", "tsx", "src\/main.ts", "worker"\]/);
  assert.match(compose, /command: \["node", "--import", "tsx", "src\/main.ts", "migrate"\]/);
  assert.match(compose, /condition: service_completed_successfully/);
  assert.match(compose, /--to", "web-1:3000", "--to", "web-2:3000"/);
});

test('every instance gets the database, Redis, the public URL and the proxy setting', () => {
  const vars = launchdeckVariables();
  for (const needed of [
    'DATABASE_URL',
    'REDIS_URL',
    'PUBLIC_URL',
    'TRUST_PROXY',
    'SECRETS_KEY',
    'PORT',
    'WORKER_CONCURRENCY',
  ]) {
    assert.ok(vars.includes(needed), `${needed} is set`);
  }
  assert.match(compose, /DATABASE_URL: postgres:\/\/launchdeck:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/launchdeck/);
  assert.match(compose, /REDIS_URL: redis:\/\/redis:6379/);
});

test('every variable in the compose file is one the service reads and the README documents', () => {
  const table = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 5),
  );
  for (const v of launchdeckVariables()) {
    assert.ok(configSource.includes(`'${v}'`), `src/config.ts reads ${v}`);
    assert.ok(table.includes(`\`${v}\``), `README's configuration table documents ${v}`);
  }
});

test('the web instances are health-checked on /readyz, as the README says', () => {
  assert.match(compose, /fetch\('http:\/\/127\.0\.0\.1:3000\/readyz'\)/);
  const deploy = readme.slice(readme.indexOf('## Deploying on PostgreSQL with several instances'));
  assert.match(deploy, /docker-compose\.yml/);
  assert.match(deploy, /`GET \/readyz`/);
});
