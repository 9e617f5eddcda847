import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, ConfigError } from '../../src/config.js';

test('defaults serve the embedded database on port 3000 with demo content', () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.publicUrl, 'http://localhost:3000');
  assert.equal(c.databaseUrl, null);
  assert.equal(c.seedDemo, true);
  assert.match(c.dataDir, /data$/);
});

test('with DATABASE_URL there is no demo content unless asked', () => {
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://x@y/z' }).seedDemo, false);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://x@y/z', SEED_DEMO: '1' }).seedDemo, true);
});

test('PUBLIC_URL loses its trailing slash', () => {
  assert.equal(loadConfig({ PUBLIC_URL: 'https://launches.example.com/' }).publicUrl, 'https://launches.example.com');
});

test('bad values stop start-up naming the variable', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty' }),
    (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(() => loadConfig({ SEED_DEMO: 'maybe' }), /SEED_DEMO/);
  assert.throws(() => loadConfig({ PUBLIC_URL: 'ftp://x' }), /PUBLIC_URL/);
  assert.throws(() => loadConfig({ RATE_LIMIT_MAX: '0' }), /RATE_LIMIT_MAX/);
});

test('lists are split on commas', () => {
  assert.deepEqual(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, 10.0.0.1:53' }).dnsServers, [
    '127.0.0.1:5353',
    '10.0.0.1:53',
  ]);
});

test('a job lease is 60 s unless JOB_LEASE_SECONDS says otherwise', () => {
  assert.equal(loadConfig({}).jobLeaseMs, 60_000);
  assert.equal(loadConfig({ JOB_LEASE_SECONDS: '3' }).jobLeaseMs, 3_000);
  assert.throws(() => loadConfig({ JOB_LEASE_SECONDS: '0' }), /JOB_LEASE_SECONDS/);
});
