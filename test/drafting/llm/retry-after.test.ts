import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryDelayMs } from '../../../src/drafting/llm/retry-after.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');
const wait = (headers: Record<string, string>) => retryDelayMs(new Headers(headers), NOW);

test('retry-after in seconds is read as seconds', () => {
  assert.equal(wait({ 'retry-after': '7' }), 7000);
  assert.equal(wait({ 'retry-after': '0' }), 0);
});

test('retry-after as an HTTP date is the time until that date, never negative', () => {
  assert.equal(wait({ 'retry-after': 'Mon, 02 Mar 2026 10:00:30 GMT' }), 30_000);
  assert.equal(wait({ 'retry-after': 'Mon, 02 Mar 2026 09:59:00 GMT' }), 0);
});

test("OpenAI's retry-after-ms comes before retry-after", () => {
  assert.equal(wait({ 'retry-after-ms': '250', 'retry-after': '9' }), 250);
});

test("without retry-after, the later of OpenAI's rate-limit resets is used", () => {
  assert.equal(wait({ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '6m0s' }), 360_000);
  assert.equal(wait({ 'x-ratelimit-reset-tokens': '1.5s' }), 1500);
  assert.equal(wait({ 'x-ratelimit-reset-requests': '20ms' }), 20);
});

test('no header, or one that is neither a number, a date nor a duration, says nothing', () => {
  assert.equal(wait({}), null);
  assert.equal(wait({ 'retry-after': 'soon', 'x-ratelimit-reset-requests': 'later' }), null);
});
