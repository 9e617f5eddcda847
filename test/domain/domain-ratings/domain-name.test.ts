import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseDomain } from '../../../src/domain/domain-ratings/domain-name.js';

test('a domain is matched without case, scheme, www., port or path', () => {
  for (const written of [
    'example.com',
    'EXAMPLE.com',
    'https://www.example.com/about?x=1',
    'http://Example.com:8080/',
    'www.example.com.',
  ]) {
    assert.equal(normaliseDomain(written), 'example.com', written);
  }
});

test('other subdomains are kept', () => {
  assert.equal(normaliseDomain('https://app.example.com'), 'app.example.com');
});
