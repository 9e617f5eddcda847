import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceLabel, ipPrefix } from '../../../src/domain/accounts/session-device.js';

test('an IPv4 address is shown by its /24, the last part hidden', () => {
  assert.equal(ipPrefix('203.0.113.77'), '203.0.113.x');
  assert.equal(ipPrefix('::ffff:198.51.100.9'), '198.51.100.x', 'an IPv4-mapped address is IPv4');
});

test('an IPv6 address is shown by its /48', () => {
  assert.equal(ipPrefix('2001:db8:abcd:12::1'), '2001:db8:abcd::/48');
  assert.equal(ipPrefix('2001:0db8:0005:ffff:1:2:3:4'), '2001:db8:5::/48');
  assert.equal(ipPrefix('2001:db8::1'), '2001:db8::/48');
  assert.equal(ipPrefix('::1'), '::/48');
  assert.equal(ipPrefix('fe80::1%eth0'), 'fe80::/48');
  assert.equal(ipPrefix('64:ff9b::192.0.2.33'), '64:ff9b::/48');
});

test('something that is no address is shown as nothing', () => {
  assert.equal(ipPrefix('unknown'), '');
  assert.equal(ipPrefix(''), '');
});

test('a device is named by its browser and system, as people know them', () => {
  const cases: [string, string][] = [
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    ['curl/8.5.0', 'Another program'],
    ['', 'Unknown device'],
  ];
  for (const [ua, label] of cases) assert.equal(deviceLabel(ua), label, ua);
  assert.equal(deviceLabel(null), 'Unknown device');
});
