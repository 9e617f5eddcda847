import { test } from 'node:test';
import assert from 'node:assert/strict';
import { domainRatingTrend, unlockedSections } from '../../../src/domain/listings/listing-profile.js';

test('the trend compares the newest reading with the one a month earlier', () => {
  const dr = domainRatingTrend([
    { date: '2026-09-01', rating: 30 },
    { date: '2026-11-01', rating: 41 },
    { date: '2026-10-01', rating: 34 },
  ]);
  assert.deepEqual([dr.current, dr.measured_on, dr.change, dr.trend], [41, '2026-11-01', 7, 'up']);
  assert.deepEqual(
    dr.history.map((h) => h.date),
    ['2026-09-01', '2026-10-01', '2026-11-01'],
  );
});

test('a falling or flat rating says so', () => {
  assert.equal(
    domainRatingTrend([
      { date: '2026-10-01', rating: 50 },
      { date: '2026-11-01', rating: 40 },
    ]).trend,
    'down',
  );
  assert.equal(
    domainRatingTrend([
      { date: '2026-10-01', rating: 40 },
      { date: '2026-11-01', rating: 40 },
    ]).trend,
    'flat',
  );
});

test('one reading has no trend, and none has no rating', () => {
  assert.deepEqual(domainRatingTrend([{ date: '2026-11-01', rating: 12 }]).trend, null);
  assert.equal(domainRatingTrend([]).current, null);
});

test('paid listings unlock every paid section; free ones only those unlocked', () => {
  assert.deepEqual(unlockedSections('paid', []), ['story', 'milestones', 'media']);
  assert.deepEqual(unlockedSections('free', ['media']), ['media']);
  assert.deepEqual(unlockedSections(null, []), []);
});
