import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findBadge } from '../../../src/domain/free-queue/badge-detection.js';

const PUBLIC = 'https://launchdeck.dev';
const page = 'https://acme.example/';
const find = (body: string, slug = 'acme') => findBadge(`<html><body>${body}</body></html>`, page, PUBLIC, slug);

test('the embed code is found by its badge image', () => {
  const seen = find('<img src="https://launchdeck.dev/badges/acme/listed.svg?shape=standard" alt="Acme">');
  assert.equal(seen?.kind, 'badge-image');
  assert.match(seen!.tag, /<img/);
});

test('a plain link to the listing page counts, over http, with www and a trailing slash', () => {
  assert.equal(find('<a href="http://www.launchdeck.dev/p/acme/">We are on Launchdeck</a>')?.kind, 'listing-link');
  assert.equal(find('<a href="https://launchdeck.dev/p/acme?ref=badge#top">x</a>')?.kind, 'listing-link');
});

test("another listing's badge or page does not count", () => {
  assert.equal(
    find('<img src="https://launchdeck.dev/badges/acme-2/listed.svg"><a href="https://launchdeck.dev/p/acmes">x</a>'),
    null,
  );
});

test('other pages of our site and look-alike hosts do not count', () => {
  assert.equal(
    find(
      '<a href="https://launchdeck.dev/">home</a><a href="https://launchdeck.dev.evil.example/p/acme">x</a><img src="https://evil.example/badges/acme/listed.svg">',
    ),
    null,
  );
});

test("relative URLs point at the founder's own site and never count", () => {
  assert.equal(find('<img src="/badges/acme/listed.svg"><a href="/p/acme">x</a>'), null);
});

test('a base href is honoured when resolving relative URLs', () => {
  assert.equal(find('<base href="https://launchdeck.dev/"><a href="p/acme">x</a>')?.kind, 'listing-link');
});

test('a public URL with a path prefix is matched under that prefix', () => {
  const body = '<html><body><a href="https://example.org/launchdeck/p/acme">x</a></body></html>';
  assert.equal(findBadge(body, page, 'https://example.org/launchdeck', 'acme')?.kind, 'listing-link');
  assert.equal(
    findBadge('<a href="https://example.org/p/acme">x</a>', page, 'https://example.org/launchdeck', 'acme'),
    null,
  );
});

test('a page without our badge finds nothing', () => {
  assert.equal(find('<p>Hello</p><a href="mailto:x@y.z">mail</a><img src="data:image/png;base64,AAAA">'), null);
});
