import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatUsd } from '../../../src/domain/money/format-money.js';

test('whole dollars show no cents; other amounts show them', () => {
  assert.equal(formatUsd(123_400), '$1,234');
  assert.equal(formatUsd(1_250), '$12.50');
  assert.equal(formatUsd(1_200_005), '$12,000.05');
  assert.equal(formatUsd(0), '$0');
  assert.equal(formatUsd(-4_900), '-$49');
});

test('totals of checkouts and invoices always show cents', () => {
  assert.equal(formatUsd(123_400, { alwaysCents: true }), '$1,234.00');
  assert.equal(formatUsd(11_979, { alwaysCents: true }), '$119.79');
  assert.equal(formatUsd(0, { alwaysCents: true }), '$0.00');
});
