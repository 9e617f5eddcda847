import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeLaunchWeeks } from '../../../src/domain/free-queue/launch-window.js';

const DAY = 86_400_000;

test('chosen on a Wednesday, the window holds the Mondays 6 to 8 weeks away', () => {
  assert.deepEqual(freeLaunchWeeks(new Date('2026-11-18T12:00:00Z'), 6, 8), ['2027-01-04', '2027-01-11']);
});

test('every offered week starts between 6 and 8 weeks from the choice, whatever the weekday', () => {
  for (let d = 0; d < 7; d++) {
    const now = new Date(Date.parse('2026-11-16T09:00:00Z') + d * DAY);
    for (const w of freeLaunchWeeks(now, 6, 8)) {
      const days = (Date.parse(`${w}T00:00:00Z`) - Date.parse(now.toISOString().slice(0, 10))) / DAY;
      assert.ok(days >= 42 && days <= 56, `${w} is ${days} days after ${now.toISOString()}`);
    }
  }
});

test('chosen on a Monday, the window holds three Mondays', () => {
  assert.deepEqual(freeLaunchWeeks(new Date('2026-11-16T08:00:00Z'), 6, 8), ['2026-12-28', '2027-01-04', '2027-01-11']);
});

test('a window narrower than a week still offers the first Monday after its start', () => {
  assert.deepEqual(freeLaunchWeeks(new Date('2026-11-18T12:00:00Z'), 6, 6), ['2027-01-04']);
});
