import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';

describeEachDatabase(
  'security headers',
  (env) => {
    test('every page carries the CSP without inline script or style, nosniff, a referrer policy and no framing', async () => {
      for (const url of ['/', '/no-such-page']) {
        const res = await env().get(url);
        const csp = String(res.headers['content-security-policy']);
        assert.match(csp, /script-src 'self'/, url);
        assert.match(csp, /frame-ancestors 'none'/, url);
        assert.doesNotMatch(csp, /unsafe-inline/, url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
      }
    });

    test('API answers may load nothing, are framed by nobody and skip the headers only documents need', async () => {
      for (const url of ['/api/v1/site', '/api/v1/no-such-thing', '/.well-known/oauth-authorization-server']) {
        const res = await env().get(url);
        assert.equal(res.headers['content-security-policy'], "default-src 'none';frame-ancestors 'none'", url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['x-frame-options'], 'DENY', url);
        assert.equal(res.headers['cross-origin-opener-policy'], undefined, url);
        assert.equal(res.headers['x-xss-protection'], undefined, url);
      }
    });

    test('HSTS is not sent while the site is served over plain HTTP', async () => {
      assert.equal((await env().get('/')).headers['strict-transport-security'], undefined);
    });
  },
  { kinds: ['pglite'] },
);

describeEachDatabase(
  'security headers over https',
  (env) => {
    test('HSTS is sent when PUBLIC_URL is https, and insecure requests are upgraded', async () => {
      const res = await env().get('/');
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
      assert.match(String(res.headers['content-security-policy']), /upgrade-insecure-requests/);
    });

    test('API answers carry HSTS too when PUBLIC_URL is https', async () => {
      const res = await env().get('/api/v1/site');
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
    });
  },
  { kinds: ['pglite'], env: { PUBLIC_URL: 'https://launchdeck.example' } },
);
