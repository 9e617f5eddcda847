import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startFakeRatings, type FakeAnswer } from '../../support/fake-domain-ratings.js';
import { ahrefsProvider } from '../../../src/domain/domain-ratings/ahrefs.js';
import { openPageRankProvider } from '../../../src/domain/domain-ratings/open-page-rank.js';
import { retryAfterMs } from '../../../src/domain/domain-ratings/provider.js';

const answers = new Map<string, FakeAnswer>([
  ['good.example', 57],
  ['other.example', 8.25],
  ['busy.example', 'rate-limited-once'],
  ['broken.example', 'malformed'],
  ['locked.example', 'unauthorised'],
  ['slow.example', 'slow-429'],
]);
let fake: Awaited<ReturnType<typeof startFakeRatings>>;
const noWait = { sleep: async () => {}, maxRetryWaitMs: 5_000, timeoutMs: 2_000 };
before(async () => {
  fake = await startFakeRatings(answers);
});
after(() => fake.close());

describe('the Ahrefs adapter', () => {
  const ahrefs = () =>
    ahrefsProvider({ apiKey: 'ahrefs-key', baseUrl: fake.url, today: () => '2026-11-18', ...noWait });

  test('reads each domain with one bearer-authenticated request', async () => {
    fake.requests.length = 0;
    const out = await ahrefs().fetchRatings(['good.example']);
    assert.deepEqual([...out.ratings], [['good.example', 57]]);
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].headers.authorization, 'Bearer ahrefs-key');
  });

  test('waits out a 429 with Retry-After and retries', async () => {
    const out = await ahrefs().fetchRatings(['busy.example']);
    assert.equal(out.ratings.get('busy.example'), 42);
  });

  test('gives up on a Retry-After longer than it may wait, without a rating', async () => {
    const out = await ahrefs().fetchRatings(['slow.example']);
    assert.equal(out.ratings.size, 0);
    assert.match(out.errors.get('slow.example')!, /rate limited/);
  });

  test('stops at a refused key and names it for every remaining domain', async () => {
    fake.requests.length = 0;
    const out = await ahrefs().fetchRatings(['locked.example', 'good.example']);
    assert.equal(out.unauthorised, true);
    assert.equal(out.ratings.size, 0);
    assert.match(out.errors.get('good.example')!, /refused the API key \(401\)/);
    assert.equal(fake.requests.length, 1, 'no request after the refusal');
  });

  test('turns a malformed answer into a failure, never a value', async () => {
    const out = await ahrefs().fetchRatings(['broken.example']);
    assert.equal(out.ratings.size, 0);
    assert.match(out.errors.get('broken.example')!, /malformed/);
  });

  test('turns an unreachable provider into a failure, never a thrown error', async () => {
    const down = ahrefsProvider({
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:1',
      today: () => '2026-11-18',
      ...noWait,
      retries: 1,
    });
    const out = await down.fetchRatings(['good.example']);
    assert.match(out.errors.get('good.example')!, /request failed/);
  });
});

describe('the Open PageRank adapter', () => {
  const opr = () => openPageRankProvider({ apiKey: 'opr-key', baseUrl: fake.url, ...noWait });

  test('asks for many domains in one request with the API-OPR header, on its own 0–10 scale', async () => {
    fake.requests.length = 0;
    const provider = opr();
    const out = await provider.fetchRatings(['good.example', 'other.example', 'unknown.example']);
    assert.equal(provider.scale, 10);
    assert.equal(provider.label, 'Open PageRank');
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].headers['api-opr'], 'opr-key');
    assert.equal(out.ratings.get('other.example'), 8.25);
    assert.equal(out.ratings.has('good.example'), false, 'a 57 is not a 0–10 score');
    assert.match(out.errors.get('unknown.example')!, /not rated/);
  });

  test('splits more than 100 domains into requests of at most 100', async () => {
    fake.requests.length = 0;
    const domains = Array.from({ length: 150 }, (_, i) => `d${i}.example`);
    await opr().fetchRatings(domains);
    assert.deepEqual(
      fake.requests.map((r) => r.domains.length),
      [100, 50],
    );
  });

  test('waits out a 429 with Retry-After and retries', async () => {
    const out = await opr().fetchRatings(['busy.example', 'other.example']);
    assert.equal(out.ratings.get('other.example'), 8.25);
  });

  test('reports a refused key for every domain', async () => {
    const out = await opr().fetchRatings(['locked.example', 'other.example']);
    assert.equal(out.unauthorised, true);
    assert.equal(out.errors.size, 2);
  });

  test('turns a malformed answer into a failure for the whole request', async () => {
    const out = await opr().fetchRatings(['broken.example', 'other.example']);
    assert.equal(out.ratings.size, 0);
    assert.match(out.errors.get('other.example')!, /malformed/);
  });
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('3'), 3000);
  assert.equal(retryAfterMs('Wed, 18 Nov 2026 12:00:10 GMT', Date.parse('2026-11-18T12:00:00Z')), 10_000);
  assert.equal(retryAfterMs(null), null);
});
