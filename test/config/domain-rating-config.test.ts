import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, ConfigError } from '../../src/config.js';

test('without a provider key Domain Ratings come from imports only, refreshed monthly when a key is set', () => {
  const c = loadConfig({}).domainRatings;
  assert.equal(c.provider, null);
  assert.equal(c.refreshDays, 30);
  assert.equal(c.requestsPerMinute, 30);
  assert.equal(c.ahrefs.baseUrl, 'https://api.ahrefs.com');
  assert.equal(c.openPageRank.baseUrl, 'https://openpagerank.com');
});

test('a provider key chooses that provider; Ahrefs first when both are set', () => {
  assert.equal(loadConfig({ OPENPAGERANK_API_KEY: 'o' }).domainRatings.provider, 'openpagerank');
  assert.equal(loadConfig({ OPENPAGERANK_API_KEY: 'o', AHREFS_API_KEY: 'a' }).domainRatings.provider, 'ahrefs');
  assert.equal(
    loadConfig({ OPENPAGERANK_API_KEY: 'o', AHREFS_API_KEY: 'a', DOMAIN_RATING_PROVIDER: 'openpagerank' }).domainRatings
      .provider,
    'openpagerank',
  );
});

test('a chosen provider without its key, or a bad base URL or rate, is refused', () => {
  assert.throws(() => loadConfig({ DOMAIN_RATING_PROVIDER: 'ahrefs' }), ConfigError);
  assert.throws(() => loadConfig({ DOMAIN_RATING_PROVIDER: 'moz' }), /ahrefs or openpagerank/);
  assert.throws(() => loadConfig({ AHREFS_BASE_URL: 'ftp://x' }), /AHREFS_BASE_URL/);
  assert.throws(() => loadConfig({ DOMAIN_RATING_REQUESTS_PER_MINUTE: '0' }), /DOMAIN_RATING_REQUESTS_PER_MINUTE/);
});

test('a loopback base URL is accepted, for tests against a fake provider', () => {
  assert.equal(
    loadConfig({ OPENPAGERANK_BASE_URL: 'http://127.0.0.1:4000/' }).domainRatings.openPageRank.baseUrl,
    'http://127.0.0.1:4000',
  );
});
