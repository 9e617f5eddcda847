import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayReadMetrics } from '../../src/metrics/metrics-access.js';

const caller = (socketAddress: string, extra: { authorization?: string; forwarded?: boolean } = {}) => ({
  socketAddress,
  authorization: extra.authorization,
  forwarded: extra.forwarded ?? false,
});

test('without a token, IPv4 and IPv6 loopback callers may read metrics and nobody else', () => {
  assert.equal(mayReadMetrics(null, caller('127.0.0.1')), true);
  assert.equal(mayReadMetrics(null, caller('::1')), true);
  assert.equal(mayReadMetrics(null, caller('::ffff:127.0.0.1')), true);
  assert.equal(mayReadMetrics(null, caller('10.0.0.5')), false);
  assert.equal(mayReadMetrics(null, caller('::ffff:10.0.0.5')), false);
});

test('without a token, a request relayed by a local proxy is refused', () => {
  assert.equal(mayReadMetrics(null, caller('127.0.0.1', { forwarded: true })), false);
});

test('with a token, only the exact Bearer token opens them, from anywhere', () => {
  assert.equal(mayReadMetrics('t0ken', caller('203.0.113.1', { authorization: 'Bearer t0ken' })), true);
  assert.equal(mayReadMetrics('t0ken', caller('127.0.0.1')), false);
  assert.equal(mayReadMetrics('t0ken', caller('127.0.0.1', { authorization: 'Bearer t0ke' })), false);
  assert.equal(mayReadMetrics('t0ken', caller('127.0.0.1', { authorization: 'Basic t0ken' })), false);
});
