import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';

describeEachDatabase(
  'security headers',
  (env) => {
    test('every response carries the CSP without inline script or style, nosniff, a referrer policy and no framing', async () => {
      for (const url of ['/', '/api/v1/site', '/no-such-page']) {
        const res = await env().get(url);
        const csp = String(res.headers['content-security-policy']);
        assert.match(csp, /script-src 'self'/, url);
        assert.match(csp, /frame-ancestors 'none'/, url);
        assert.doesNotMatch(csp, /unsafe-inline/, url);
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
        assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
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
  },
  { kinds: ['pglite'], env: { PUBLIC_URL: 'https://launchdeck.example' } },
);
