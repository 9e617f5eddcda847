import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { startFakeRatings, type FakeAnswer } from '../../support/fake-domain-ratings.js';
import { ahrefsProvider } from '../../../src/domain/domain-ratings/ahrefs.js';
import { openPageRankProvider } from '../../../src/domain/domain-ratings/open-page-rank.js';
import { refreshDomainRatings, type RefreshOptions } from '../../../src/domain/domain-ratings/refresh.js';

const answers = new Map<string, FakeAnswer>();
let fake: Awaited<ReturnType<typeof startFakeRatings>>;
before(async () => {
  fake = await startFakeRatings(answers);
});
after(() => fake.close());

describeEachDatabase('the Domain Rating refresh job', (env) => {
  const ctx = () => env().ctx;
  const noWait = { sleep: async () => {}, timeoutMs: 2_000, maxRetryWaitMs: 1_000 };
  const ahrefs = () =>
    ahrefsProvider({ apiKey: 'k', baseUrl: fake.url, today: () => ctx().now().toISOString().slice(0, 10), ...noWait });
  const opts = (o: Partial<RefreshOptions> = {}): RefreshOptions => ({
    refreshDays: 30,
    requestsPerMinute: 60_000,
    now: () => ctx().now(),
    sleep: async () => {},
    ...o,
  });
  const readings = (companyId: number) =>
    ctx().db.query<{ rating: number; provider: string; measured_on: string }>(
      'SELECT rating, provider, measured_on FROM domain_ratings WHERE company_id = $1 ORDER BY measured_on',
      [companyId],
    );
  const reset = async () => {
    fake.requests.length = 0;
    answers.clear();
    await ctx().db.query('DELETE FROM domain_rating_schedule');
    await ctx().db.query('DELETE FROM domain_rating_budget');
    await ctx().db.query('DELETE FROM domain_rating_failures');
    await ctx().db.query('DELETE FROM domain_ratings');
    await ctx().db.query(`UPDATE listings SET status = 'hidden' WHERE status = 'live'`);
  };
  let seq = 0;
  const live = async (rating: FakeAnswer, status = 'live') => {
    const n = ++seq;
    answers.set(`rated${n}.example`, rating);
    const l = await addListing(ctx().db, ctx().site.id, {
      slug: `dr-${n}`,
      name: `Rated ${n}`,
      status,
      domain: `rated${n}.example`,
    });
    return { ...l, domain: `rated${n}.example` };
  };

  test('run three times at once, it requests each live domain once', async () => {
    await reset();
    const listings = await Promise.all(Array.from({ length: 12 }, (_, i) => live(10 + i)));
    const runs = await Promise.all([0, 1, 2].map(() => refreshDomainRatings(ctx().db, ahrefs(), opts())));
    const asked = fake.requests.flatMap((r) => r.domains).sort();
    assert.deepEqual(asked, listings.map((l) => l.domain).sort());
    assert.equal(
      runs.reduce((s, r) => s + r.refreshed, 0),
      12,
    );
    assert.deepEqual(
      (await readings(listings[3].companyId)).map((r) => [r.rating, r.provider]),
      [[13, 'ahrefs']],
    );
  });

  test('a second run within the cadence requests nothing', async () => {
    fake.requests.length = 0;
    await refreshDomainRatings(ctx().db, ahrefs(), opts());
    assert.equal(fake.requests.length, 0);
  });

  test('skips listings that are not live', async () => {
    await reset();
    await live(50, 'draft');
    await refreshDomainRatings(ctx().db, ahrefs(), opts());
    assert.equal(fake.requests.length, 0);
  });

  test('a malformed answer keeps the last reading and is recorded for the administrator', async () => {
    await reset();
    const l = await live('malformed');
    await ctx().db.query(
      `INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on) VALUES ($1, 'ahrefs', 100, 33, '2026-09-01')`,
      [l.companyId],
    );
    const run = await refreshDomainRatings(ctx().db, ahrefs(), opts());
    assert.equal(run.failed, 1);
    assert.deepEqual(
      (await readings(l.companyId)).map((r) => r.rating),
      [33],
    );
    const failures = await ctx().db.query<{ domain: string; error: string }>(
      'SELECT domain, error FROM domain_rating_failures',
    );
    assert.equal(failures[0].domain, l.domain);
    assert.match(failures[0].error, /malformed/);
  });

  test('a failed domain is not asked again at once, but before the next cadence', async () => {
    fake.requests.length = 0;
    await refreshDomainRatings(ctx().db, ahrefs(), opts());
    assert.equal(fake.requests.length, 0, 'not retried within the hour');
    const later = new Date(ctx().now().getTime() + 2 * 3_600_000);
    await refreshDomainRatings(ctx().db, ahrefs(), opts({ now: () => later }));
    assert.equal(fake.requests.length, 1, 'retried after the backoff');
  });

  test('a refused key stops the run and is recorded', async () => {
    await reset();
    await live('unauthorised');
    await live(20);
    const run = await refreshDomainRatings(ctx().db, ahrefs(), opts());
    assert.equal(run.stoppedBy, 'unauthorised');
    assert.equal(fake.requests.length, 1);
    const failures = await ctx().db.query<{ error: string }>('SELECT error FROM domain_rating_failures');
    assert.match(failures[0].error, /refused the API key/);
  });

  test('keeps within the per-minute request budget, whatever the number of workers', async () => {
    await reset();
    for (let i = 0; i < 6; i++) await live(30 + i);
    const runs = await Promise.all(
      [0, 1, 2].map(() => refreshDomainRatings(ctx().db, ahrefs(), opts({ requestsPerMinute: 4 }))),
    );
    assert.equal(fake.requests.length, 4);
    assert.ok(runs.some((r) => r.stoppedBy === 'budget'));
    const nextMinute = new Date(ctx().now().getTime() + 61_000);
    await refreshDomainRatings(ctx().db, ahrefs(), opts({ requestsPerMinute: 4, now: () => nextMinute }));
    assert.equal(fake.requests.length, 6, 'the rest go out in the next minute, each domain once');
    assert.equal(new Set(fake.requests.map((r) => r.domains[0])).size, 6);
  });

  test('Open PageRank readings are stored on their own 0–10 scale, many domains per request', async () => {
    await reset();
    const a = await live(4.5);
    await live(7);
    await refreshDomainRatings(ctx().db, openPageRankProvider({ apiKey: 'k', baseUrl: fake.url, ...noWait }), opts());
    assert.equal(fake.requests.length, 1);
    const rows = await ctx().db.query<{ rating: number; scale: number; provider: string }>(
      'SELECT rating, scale, provider FROM domain_ratings WHERE company_id = $1',
      [a.companyId],
    );
    assert.deepEqual(rows, [{ rating: 4.5, scale: 10, provider: 'openpagerank' }]);
  });
});
