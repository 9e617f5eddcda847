import { test } from 'node:test';
import assert from 'node:assert/strict';
import { domainRatingTrend } from '../../../src/domain/domain-ratings/trend.js';

const ahrefs = { provider: 'ahrefs', scale: 100 };

test('the change over 30 and 90 days compares the latest reading with the newest one that old', () => {
  const dr = domainRatingTrend(
    [
      { date: '2026-07-01', rating: 20 },
      { date: '2026-08-15', rating: 25 },
      { date: '2026-10-10', rating: 30 },
      { date: '2026-11-15', rating: 37 },
    ],
    ahrefs,
  );
  assert.equal(dr.change_30d, 7, 'against 2026-10-10, the newest reading at least 30 days older');
  assert.equal(dr.change_90d, 12, 'against 2026-08-15, the newest reading at least 90 days older');
  assert.equal(dr.trend, 'up');
});

test('without a reading that old the change is null, never guessed', () => {
  const dr = domainRatingTrend(
    [
      { date: '2026-11-01', rating: 30 },
      { date: '2026-11-15', rating: 37 },
    ],
    ahrefs,
  );
  assert.deepEqual([dr.change_30d, dr.change_90d, dr.trend], [null, null, null]);
});

test('the latest reading says its provider, its scale and its date', () => {
  const dr = domainRatingTrend([{ date: '2026-11-15', rating: 4.5 }], { provider: 'openpagerank', scale: 10 });
  assert.deepEqual(
    [dr.current, dr.provider, dr.provider_label, dr.scale, dr.as_of],
    [4.5, 'openpagerank', 'Open PageRank', 10, '2026-11-15'],
  );
});

test('no reading means no rating at all', () => {
  const dr = domainRatingTrend([]);
  assert.deepEqual([dr.current, dr.provider, dr.as_of, dr.change_30d], [null, null, null, null]);
});
