import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addWeeks, mondayOf, parseDate, resolveWeek } from '../../../src/domain/weeks/weeks.js';

const wednesday = new Date('2026-11-18T12:00:00Z');

test('a week is named by its Monday in UTC', () => {
  assert.equal(mondayOf(wednesday), '2026-11-16');
  assert.equal(mondayOf(new Date('2026-11-16T00:00:00Z')), '2026-11-16');
  assert.equal(mondayOf(new Date('2026-11-22T23:59:59Z')), '2026-11-16');
});

test('this, next and last are relative to now', () => {
  assert.equal(resolveWeek('this', wednesday), '2026-11-16');
  assert.equal(resolveWeek('next', wednesday), '2026-11-23');
  assert.equal(resolveWeek('last', wednesday), '2026-11-09');
});

test('a date snaps to its Monday, across a year boundary too', () => {
  assert.equal(resolveWeek('2026-11-22', wednesday), '2026-11-16');
  assert.equal(resolveWeek('2027-01-01', wednesday), '2026-12-28');
});

test('impossible dates and other words are refused', () => {
  assert.equal(resolveWeek('2026-02-30', wednesday), null);
  assert.equal(resolveWeek('tomorrow', wednesday), null);
  assert.equal(parseDate('2026-2-3'), null);
});

test('weeks add up in whole weeks', () => {
  assert.equal(addWeeks('2026-11-16', 7), '2027-01-04');
  assert.equal(addWeeks('2026-11-16', -1), '2026-11-09');
});
