import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';

test('no provider is on without its settings', () => {
  assert.deepEqual(loadConfig({}).signInProviders, { github: null, google: null, oidc: null });
});

test('GitHub and Google are on with a client id and secret, on their public hosts unless told otherwise', () => {
  const c = loadConfig({
    GITHUB_CLIENT_ID: 'gh',
    GITHUB_CLIENT_SECRET: 'ghs',
    GOOGLE_CLIENT_ID: 'g',
    GOOGLE_CLIENT_SECRET: 'gs',
  }).signInProviders;
  assert.deepEqual(c.github, {
    clientId: 'gh',
    clientSecret: 'ghs',
    baseUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
  });
  assert.deepEqual(c.google, { clientId: 'g', clientSecret: 'gs', issuer: 'https://accounts.google.com' });
});

test('GitHub Enterprise Server: its web host and its API path', () => {
  const c = loadConfig({
    GITHUB_CLIENT_ID: 'gh',
    GITHUB_CLIENT_SECRET: 'ghs',
    GITHUB_BASE_URL: 'https://git.example.com/',
    GITHUB_API_URL: 'https://git.example.com/api/v3',
  }).signInProviders.github!;
  assert.equal(c.baseUrl, 'https://git.example.com');
  assert.equal(c.apiUrl, 'https://git.example.com/api/v3');
});

test('an OpenID Connect issuer is kept to the byte (a trailing slash is part of it), named on its button', () => {
  const c = loadConfig({
    OIDC_ISSUER: 'https://auth.example.com/application/o/launchdeck/',
    OIDC_CLIENT_ID: 'launchdeck',
    OIDC_NAME: 'Example SSO',
  }).signInProviders.oidc;
  assert.deepEqual(c, {
    issuer: 'https://auth.example.com/application/o/launchdeck/',
    clientId: 'launchdeck',
    clientSecret: null,
    name: 'Example SSO',
  });
});

test('half a provider stops start-up naming what is missing', () => {
  assert.throws(() => loadConfig({ GITHUB_CLIENT_ID: 'gh' }), /GITHUB_CLIENT_ID needs GITHUB_CLIENT_SECRET/);
  assert.throws(() => loadConfig({ GOOGLE_CLIENT_SECRET: 's' }), /GOOGLE_CLIENT_SECRET needs GOOGLE_CLIENT_ID/);
  assert.throws(() => loadConfig({ OIDC_ISSUER: 'https://sso.example.com' }), /OIDC_ISSUER and OIDC_CLIENT_ID/);
  assert.throws(
    () => loadConfig({ GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GITHUB_API_URL: 'api.github.com' }),
    /GITHUB_API_URL must be an http\(s\) URL/,
  );
});
