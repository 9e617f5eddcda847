import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase } from '../support/app.js';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.js';
import { founder } from '../support/draft-client.js';
import { AllowList, isPublicAddress } from '../../src/net/address-policy.js';
import { BlockedAddressError, checkUrl, safeFetch, type ResolveAll } from '../../src/net/safe-fetch.js';

/**
 * Server-side request forgery: every URL the service fetches for someone (crawls, competitor
 * pages, logos, badge checks, website claims, OAuth client metadata documents) goes through
 * checkUrl before connecting and safeFetch's connect-time address check. test/net/safe-fetch.test.ts
 * covers the basics; this file tries the known ways around them.
 */

// Every way of writing a loopback, private or metadata address that URL parsers accept.
const PRIVATE_SPELLINGS = [
  'http://127.0.0.1/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://127.1/',
  'http://0.0.0.0/',
  'http://0/',
  'http://localhost/',
  'http://localhost./',
  'http://LOCALHOST.:8080/',
  'http://app.localhost./',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://[::]/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[::ffff:169.254.169.254]/',
  'http://10.0.0.1/',
  'http://0xa.0.0.1/',
  'http://192.168.1.1/',
  'http://172.16.0.1/',
  'http://100.64.0.1/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://metadata.internal/',
  'http://router.local./',
];

test('every spelling of a private, loopback or metadata address is refused before connecting', () => {
  const none = new AllowList([]);
  for (const url of PRIVATE_SPELLINGS) assert.throws(() => checkUrl(url, none), BlockedAddressError, url);
  assert.equal(
    checkUrl('https://example.com./a', none).hostname,
    'example.com.',
    'a trailing dot on a public name is fine',
  );
});

test('IPv4-mapped and IPv4-compatible IPv6 addresses are judged by the IPv4 they carry', () => {
  for (const a of [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:0:7f00:1',
    '::7f00:1',
    '::ffff:a9fe:a9fe',
    '::ffff:10.1.2.3',
  ])
    assert.equal(isPublicAddress(a), false, a);
  assert.equal(isPublicAddress('::ffff:93.184.216.34'), true);
});

describe('fetching through a DNS server on loopback', () => {
  // 127.0.0.2 stands in for a public website (allow-listed, as tests do); 127.0.0.1 is the inside.
  const allow = new AllowList(['127.0.0.2']);
  let dnsServer: TestDnsServer;
  let resolve: ResolveAll;
  let inside: http.Server;
  let outside: http.Server;
  let port: number;
  const insideHits: string[] = [];

  before(async () => {
    dnsServer = await startDnsServer();
    const resolver = new dns.promises.Resolver();
    resolver.setServers([dnsServer.address]);
    resolve = async (hostname) => (await resolver.resolve4(hostname)).map((address) => ({ address, family: 4 }));
    inside = http.createServer((req, res) => {
      insideHits.push(req.url ?? '');
      res.end('secret');
    });
    await new Promise<void>((r) => inside.listen(0, '127.0.0.1', r));
    port = (inside.address() as AddressInfo).port;
    // Connection: close, so every request resolves the name again (the rebinding window).
    outside = http.createServer((req, res) => {
      const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (to) res.writeHead(302, { location: to, connection: 'close' });
      else res.writeHead(200, { connection: 'close' });
      res.end('public page');
    });
    await new Promise<void>((r) => outside.listen(port, '127.0.0.2', r));
  });
  after(async () => {
    await dnsServer.close();
    await new Promise((r) => inside.close(r));
    await new Promise((r) => outside.close(r));
  });

  const fetchOpts = () => ({ allow, resolve, userAgent: 'LaunchdeckBot/1.0 (+test)', timeoutMs: 5000 });

  test('the stand-in public site is reachable by name, so the refusals below are about the address', async () => {
    dnsServer.setA('public.example', ['127.0.0.2']);
    const res = await safeFetch(`http://public.example:${port}/`, fetchOpts());
    assert.equal(res.body.toString(), 'public page');
  });

  test('a name that resolves to a private address is refused at connect time', async () => {
    dnsServer.setA('inside.example', ['127.0.0.1']);
    await assert.rejects(safeFetch(`http://inside.example:${port}/`, fetchOpts()), BlockedAddressError);
    assert.deepEqual(insideHits, []);
  });

  test('a redirect to a private address in any spelling is not followed', async () => {
    dnsServer.setA('public.example', ['127.0.0.2']);
    dnsServer.setA('inside.example', ['127.0.0.1']);
    for (const target of [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.0.0.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://localhost.:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://inside.example:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      await assert.rejects(
        safeFetch(`http://public.example:${port}/?to=${encodeURIComponent(target)}`, fetchOpts()),
        BlockedAddressError,
        target,
      );
    }
    assert.deepEqual(insideHits, []);
  });

  test('DNS rebinding: a name answering public, then private, never reaches the private address', async () => {
    // The first lookup says public; every later one says loopback. The page redirects to its own
    // name, so the second connection resolves again, after the "check".
    dnsServer.setA('rebind.example', ['127.0.0.2', '127.0.0.1']);
    await assert.rejects(
      safeFetch(
        `http://rebind.example:${port}/?to=${encodeURIComponent(`http://rebind.example:${port}/admin`)}`,
        fetchOpts(),
      ),
      BlockedAddressError,
    );
    await assert.rejects(
      safeFetch(`http://rebind.example:${port}/`, fetchOpts()),
      BlockedAddressError,
      'a later fetch resolves again and is refused',
    );
    assert.deepEqual(insideHits, []);
  });
});

describeEachDatabase('URLs submitted through the API', (env) => {
  test('submit_listing refuses private addresses in every spelling with a 400 on the url field', async () => {
    const f = await founder(env());
    for (const url of PRIVATE_SPELLINGS) {
      const res = await f.call('POST', '/drafts', { url });
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.errors?.[0]?.path ?? '', /url/, url);
    }
    assert.equal((await env().ctx.db.query('SELECT 1 FROM drafts')).length, 0, 'no draft, so nothing was crawled');
  });

  test('a competitor URL is checked the same way', async () => {
    const f = await founder(env());
    // A draft for a public name: names are resolved only when crawling, so creating it fetches nothing here.
    const created = await f.call('POST', '/drafts', { url: 'https://public-product.example/' });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    for (const url of [
      'http://localhost./',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://0.0.0.0/',
      'http://169.254.169.254/',
    ]) {
      const res = await f.call('PATCH', `/drafts/${created.body.id}`, { competitor_url: url });
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.errors?.[0]?.path ?? '', /competitor_url/, url);
    }
  });

  test('an OAuth client metadata document on a private address is never fetched', async () => {
    for (const clientId of [
      'https://127.0.0.1/client.json',
      'https://[::ffff:127.0.0.1]/client.json',
      'https://localhost./client.json',
      'https://2130706433/client.json',
    ]) {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: 'https://app.example/cb',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const res = await env().get(`/oauth/authorize?${q}`);
      assert.equal(res.statusCode, 400, clientId);
      assert.match(res.body, /could not be verified/, clientId);
    }
  });
});
