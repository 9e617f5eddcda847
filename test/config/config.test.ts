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

test('the language model speaks the OpenAI format unless LLM_PROVIDER says anthropic', () => {
  const openai = loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1', LLM_MODEL: 'llama3.1' }).llm;
  assert.deepEqual(openai, {
    provider: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    apiKey: null,
    model: 'llama3.1',
    maxTokens: 8192,
  });
  const anthropic = loadConfig({ LLM_PROVIDER: 'anthropic', LLM_API_KEY: 'sk-ant-x', LLM_MODEL: 'claude-x' }).llm;
  assert.equal(anthropic.provider, 'anthropic');
  assert.equal(anthropic.baseUrl, 'https://api.anthropic.com', "Anthropic's API is the default address");
});

test("a base URL on Anthropic's API is enough to choose the anthropic provider", () => {
  const llm = loadConfig({ LLM_BASE_URL: 'https://api.anthropic.com', LLM_API_KEY: 'k', LLM_MODEL: 'm' }).llm;
  assert.equal(llm.provider, 'anthropic');
  assert.equal(loadConfig({ LLM_BASE_URL: 'https://api.openai.com/v1' }).llm.provider, 'openai');
});

test('bad language-model settings stop start-up naming the variable', () => {
  assert.throws(
    () => loadConfig({ LLM_PROVIDER: 'gemini' }),
    (e: Error) => e instanceof ConfigError && /LLM_PROVIDER must be openai or anthropic, got "gemini"/.test(e.message),
  );
  assert.throws(() => loadConfig({ LLM_BASE_URL: 'localhost:11434/v1' }), /LLM_BASE_URL must be an http\(s\) URL/);
  assert.throws(() => loadConfig({ LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude-x' }), /needs LLM_API_KEY/);
  assert.throws(() => loadConfig({ LLM_MAX_TOKENS: '0' }), /LLM_MAX_TOKENS/);
});
