import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loggableUrl, requestIdFor } from '../../src/logging/log-hygiene.js';

test('secret-named query parameters are logged redacted, others as sent', () => {
  assert.equal(
    loggableUrl('/verify-email?token=abc123&next=%2Faccount'),
    '/verify-email?token=[redacted]&next=%2Faccount',
  );
  assert.equal(
    loggableUrl('/oauth/authorize?client_id=c1&code_challenge=xyz&state=s'),
    '/oauth/authorize?client_id=c1&code_challenge=[redacted]&state=s',
  );
  assert.equal(loggableUrl('/api/v1/listings?q=notion&page=2'), '/api/v1/listings?q=notion&page=2');
});

test('a secret path parameter is logged redacted', () => {
  assert.equal(loggableUrl('/invites/tok3n-value?x=1', { token: 'tok3n-value' }), '/invites/[redacted]?x=1');
  assert.equal(loggableUrl('/p/my-product', { slug: 'my-product' }), '/p/my-product');
});

test('a plain X-Request-Id is kept as the request id, anything else gets a fresh UUID', () => {
  assert.equal(requestIdFor({ headers: { 'x-request-id': 'lb-7f3a.42' } }), 'lb-7f3a.42');
  assert.match(requestIdFor({ headers: {} }), /^[0-9a-f-]{36}$/);
  assert.match(requestIdFor({ headers: { 'x-request-id': 'a'.repeat(129) } }), /^[0-9a-f-]{36}$/);
  assert.match(requestIdFor({ headers: { 'x-request-id': 'evil\nline' } }), /^[0-9a-f-]{36}$/);
});
