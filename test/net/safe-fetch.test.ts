import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AllowList, isPublicAddress, unmapIpv4 } from '../../src/net/address-policy.js';
import { BlockedAddressError, checkUrl, safeFetch } from '../../src/net/safe-fetch.js';

const none = new AllowList([]);
const loopback = new AllowList(['127.0.0.1']);

test('private, loopback, link-local and reserved addresses are not public', () => {
  for (const a of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '224.0.0.1',
  ]) {
    assert.equal(isPublicAddress(a), false, a);
  }
  for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) assert.equal(isPublicAddress(a), true, a);
});

test('IPv4-mapped IPv6 addresses are read as the IPv4 they carry', () => {
  assert.equal(unmapIpv4('::ffff:10.0.0.1'), '10.0.0.1');
  assert.equal(unmapIpv4('::ffff:7f00:1'), '127.0.0.1');
});

test('URLs naming private hosts in any spelling are refused before connecting', () => {
  for (const u of [
    'http://127.0.0.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://017700000001/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest',
    'http://localhost:3000/',
    'http://user:pw@example.com/',
    'ftp://example.com/',
    'file:///etc/passwd',
  ]) {
    assert.throws(() => checkUrl(u, none), BlockedAddressError, u);
  }
  assert.equal(checkUrl('https://example.com/a', none).hostname, 'example.com');
});

test('an allow-listed address is let through (tests only)', () => {
  assert.equal(checkUrl('http://127.0.0.1:8080/', loopback).port, '8080');
});

const server = http.createServer((req, res) => {
  if (req.url === '/hop') {
    res.writeHead(302, { location: '/final' });
    return res.end();
  }
  if (req.url === '/inside') {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
    return res.end();
  }
  if (req.url === '/loop') {
    res.writeHead(302, { location: '/loop' });
    return res.end();
  }
  if (req.url === '/big') {
    res.writeHead(200);
    return res.end('x'.repeat(5000));
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(`ok ${req.headers['user-agent']}`);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
after(() => server.close());
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const opts = { allow: loopback, userAgent: 'LaunchdeckBot/1.0 (+test)' };

test('redirects are followed and each hop is checked again', async () => {
  const res = await safeFetch(`${base}/hop`, opts);
  assert.equal(res.status, 200);
  assert.equal(res.body.toString(), 'ok LaunchdeckBot/1.0 (+test)');
  assert.deepEqual(res.redirects, [`${base}/final`]);
  await assert.rejects(safeFetch(`${base}/inside`, opts), BlockedAddressError);
});

test('redirect chains and bodies are bounded', async () => {
  await assert.rejects(safeFetch(`${base}/loop`, { ...opts, maxRedirects: 5 }), /more than 5 redirects/);
  await assert.rejects(safeFetch(`${base}/big`, { ...opts, maxBytes: 1000 }), /larger than 1000 bytes/);
});

test('a name resolving to loopback is refused without an allow-list entry', async () => {
  await assert.rejects(
    safeFetch(`http://localhost.localdomain:${(server.address() as AddressInfo).port}/`, {
      allow: none,
      userAgent: 'x',
    }),
    /private|not a public|ENOTFOUND|EAI_AGAIN/,
  );
});
