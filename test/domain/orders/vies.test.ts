import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkVies } from '../../../src/domain/orders/vies.js';

// A fake of the EU's VIES REST service on loopback: DE136695976 and EL094259216 are registered.
const REGISTERED = new Set(['DE136695976', 'EL094259216']);
let server: http.Server;
let base: string;
const seen: unknown[] = [];
before(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/rest-api/check-vat-number') {
        res.writeHead(404).end();
        return;
      }
      const q = JSON.parse(body) as { countryCode: string; vatNumber: string };
      seen.push(q);
      if (q.countryCode === 'FR') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            actionSucceed: false,
            errorWrappers: [{ error: 'MS_UNAVAILABLE' }],
            userError: 'MS_UNAVAILABLE',
          }),
        );
        return;
      }
      const valid = REGISTERED.has(`${q.countryCode}${q.vatNumber}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          countryCode: q.countryCode,
          vatNumber: q.vatNumber,
          valid,
          name: valid ? 'Muster GmbH' : '---',
          userError: valid ? 'VALID' : 'INVALID',
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest-api`;
});
after(() => new Promise<void>((r) => server.close(() => r())));

test('a registered number is valid, with the registered name', async () => {
  assert.deepEqual(await checkVies(base, 'DE', 'DE136695976'), { status: 'valid', name: 'Muster GmbH' });
});

test('the number is sent without its prefix, and Greece as EL', async () => {
  await checkVies(base, 'GR', 'EL094259216');
  assert.deepEqual(seen.at(-1), { countryCode: 'EL', vatNumber: '094259216' });
});

test('a well-formed number that is not registered is invalid', async () => {
  assert.deepEqual(await checkVies(base, 'DE', 'DE999999999'), { status: 'invalid' });
});

test('a member state service that is down makes the answer unavailable, not invalid', async () => {
  const r = await checkVies(base, 'FR', 'FR40303265045');
  assert.equal(r.status, 'unavailable');
  assert.match((r as { reason: string }).reason, /MS_UNAVAILABLE/);
});

test('an unreachable VIES is unavailable with the reason', async () => {
  const r = await checkVies('http://127.0.0.1:9/rest-api', 'DE', 'DE136695976', 1000);
  assert.equal(r.status, 'unavailable');
  assert.match((r as { reason: string }).reason, /could not be reached/);
});
