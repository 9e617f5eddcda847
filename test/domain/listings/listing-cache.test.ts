import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListingCache } from '../../../src/domain/listings/listing-cache.js';

function clock(start = 0) {
  const c = { t: start, now: () => c.t };
  return c;
}

test('concurrent misses for one key share a single load', async () => {
  const cache = new ListingCache(1000, 5000, 100, clock().now);
  let loads = 0;
  const load = async () => {
    loads++;
    await new Promise((r) => setTimeout(r, 5));
    return { id: 1 };
  };
  const results = await Promise.all(Array.from({ length: 20 }, () => cache.getOrLoad('a', load)));
  assert.equal(loads, 1);
  assert.ok(results.every((r) => r?.value.id === 1 && r.json === '{"id":1}'));
});

test('a fresh entry is served without loading', async () => {
  const c = clock();
  const cache = new ListingCache(1000, 5000, 100, c.now);
  let loads = 0;
  await cache.getOrLoad('a', async () => ({ n: ++loads }));
  c.t = 999;
  assert.equal((await cache.getOrLoad('a', async () => ({ n: ++loads })))?.value.n, 1);
  assert.equal(loads, 1);
});

test('a stale entry is served at once while one background load refreshes it', async () => {
  const c = clock();
  const cache = new ListingCache(1000, 5000, 100, c.now);
  await cache.getOrLoad('a', async () => ({ n: 1 }));
  c.t = 2000;
  let release!: () => void;
  const slow = new Promise<void>((r) => {
    release = r;
  });
  let loads = 0;
  const load = async () => {
    loads++;
    await slow;
    return { n: 2 };
  };
  assert.equal((await cache.getOrLoad('a', load))?.value.n, 1);
  assert.equal((await cache.getOrLoad('a', load))?.value.n, 1);
  release();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(loads, 1);
  assert.equal((await cache.getOrLoad('a', load))?.value.n, 2);
});

test('an entry past its stale window is loaded again before answering', async () => {
  const c = clock();
  const cache = new ListingCache(1000, 5000, 100, c.now);
  await cache.getOrLoad('a', async () => ({ n: 1 }));
  c.t = 7000;
  assert.equal((await cache.getOrLoad('a', async () => ({ n: 2 })))?.value.n, 2);
});

test('not found is not cached', async () => {
  const cache = new ListingCache(1000, 5000, 100, clock().now);
  assert.equal(await cache.getOrLoad('a', async () => null), null);
  assert.equal((await cache.getOrLoad('a', async () => ({ n: 1 })))?.value.n, 1);
});

test('a value loaded across an invalidation is returned but not kept', async () => {
  const cache = new ListingCache(1000, 5000, 100, clock().now);
  let release!: () => void;
  const slow = new Promise<void>((r) => {
    release = r;
  });
  const pending = cache.getOrLoad('a', async () => {
    await slow;
    return { n: 'old' };
  });
  cache.invalidate('a');
  release();
  assert.equal((await pending)?.value.n, 'old');
  assert.equal((await cache.getOrLoad('a', async () => ({ n: 'new' })))?.value.n, 'new');
});

test('the cache stays within its size by dropping the oldest entries', async () => {
  const cache = new ListingCache(1000, 5000, 10, clock().now);
  for (let i = 0; i < 25; i++) await cache.getOrLoad(`k${i}`, async () => ({ i }));
  assert.ok(cache.size <= 10);
  assert.equal((await cache.getOrLoad('k24', async () => ({ i: -1 })))?.value.i, 24);
});

test('each invalidation of a key and each emptying of the cache is counted, for copies made from it', async () => {
  const cache = new ListingCache(1000, 5000, 100, clock().now);
  await cache.getOrLoad('a', async () => ({ n: 1 }));
  assert.equal(cache.generationOf('a'), 0);
  cache.invalidate('a');
  assert.equal(cache.generationOf('a'), 1);
  assert.equal(cache.generationOf('b'), 0);
  assert.equal(cache.epoch, 0);
  cache.clear();
  cache.clear();
  assert.equal(cache.epoch, 2);
});

test('with a spread, entries loaded together go stale at different times within it', async () => {
  const c = clock();
  const cache = new ListingCache(1000, 5000, 100, c.now, 0.5);
  for (let i = 0; i < 40; i++) await cache.getOrLoad(`k${i}`, async () => ({ i }));
  const staleAt = async (t: number) => {
    c.t = t;
    let stale = 0;
    for (let i = 0; i < 40; i++)
      await cache.getOrLoad(`k${i}`, async () => {
        stale++;
        return { i };
      });
    return stale;
  };
  assert.equal(await staleAt(499), 0, 'none before half the TTL');
  const some = await staleAt(1000);
  assert.ok(some > 0 && some < 40, `${some} of 40 stale at the TTL`);
});
