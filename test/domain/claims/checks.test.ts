import { test } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateTxt, txtValue } from '../../../src/domain/claims/dns-check.js';
import {
  claimMetaTags,
  evaluateFile,
  evaluateMeta,
  sameCompanyHost,
} from '../../../src/domain/claims/website-check.js';

const token = 'feedfacefeedfacefeedfacefeedface';
const name = '_launchdeck-claim.acme.example';
const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Acme</title>${head}</head><body>${body}</body></html>`;

test('a TXT record split into several strings counts joined', () => {
  assert.equal(txtValue(['launchdeck-claim=', token]), `launchdeck-claim=${token}`);
  assert.equal(evaluateTxt(name, [['launchdeck-claim=feedface', 'feedfacefeedfacefeedface']], token).found, true);
});

test('quotes pasted into a DNS panel around the value are forgiven', () => {
  assert.equal(evaluateTxt(name, [[`"launchdeck-claim=${token}"`]], token).found, true);
});

test('other TXT records are listed in the report', () => {
  const r = evaluateTxt(name, [['v=spf1 include:_spf.example -all'], ['launchdeck-claim=wrong']], token);
  assert.equal(r.found, false);
  assert.equal(
    r.detail,
    `TXT records at ${name}: ["v=spf1 include:_spf.example -all", "launchdeck-claim=wrong"]; none is launchdeck-claim=${token}.`,
  );
  assert.deepEqual(r.seen, ['v=spf1 include:_spf.example -all', 'launchdeck-claim=wrong']);
});

test('a record put on the domain itself is pointed out', () => {
  const r = evaluateTxt(name, [], token, ['acme.example']);
  assert.match(r.detail, /^No TXT records at _launchdeck-claim\.acme\.example; expected launchdeck-claim=feedface/);
  assert.match(
    r.detail,
    /A launchdeck-claim record is at acme\.example instead; it has to be at _launchdeck-claim\.acme\.example\./,
  );
});

test('the meta tag in the head with the token is found, whatever the case of its name', () => {
  assert.equal(
    evaluateMeta('https://acme.example/', page(`<meta name="LaunchDeck-Claim" content=" ${token} ">`), token).found,
    true,
  );
});

test('a meta tag with the wrong content is reported with what it holds', () => {
  const r = evaluateMeta('https://acme.example/', page('<meta name="launchdeck-claim" content="old-token">'), token);
  assert.equal(r.found, false);
  assert.match(
    r.detail,
    /The <head> of https:\/\/acme\.example\/ has <meta name="launchdeck-claim"> with content "old-token", not "feedface/,
  );
  assert.deepEqual(r.seen, ['old-token']);
});

test('a page without the tag says so', () => {
  const r = evaluateMeta('https://acme.example/', page('<meta name="description" content="x">'), token);
  assert.match(
    r.detail,
    /^No <meta name="launchdeck-claim"> in the <head> of https:\/\/acme\.example\/\. Expected <meta name="launchdeck-claim" content="feedface/,
  );
});

test('a tag outside the head is seen but does not count', () => {
  const html = `<html><head><title>x</title></head><body><div><meta name="launchdeck-claim" content="${token}"></div></body></html>`;
  assert.deepEqual(claimMetaTags(html), { head: [], elsewhere: [token] });
  const r = evaluateMeta('https://acme.example/', html, token);
  assert.equal(r.found, false);
  assert.match(r.detail, /move it into the <head>/);
});

test('the file matches when its trimmed content is the token', () => {
  assert.equal(
    evaluateFile('https://acme.example/.well-known/launchdeck-claim.txt', 200, `\uFEFF  ${token}\n`, token).found,
    true,
  );
});

test('a missing file reports its HTTP status', () => {
  const r = evaluateFile('https://acme.example/.well-known/launchdeck-claim.txt', 404, '<h1>Not found</h1>', token);
  assert.equal(
    r.detail,
    `https://acme.example/.well-known/launchdeck-claim.txt answered HTTP 404; expected a file containing ${token}.`,
  );
});

test('a file with other content reports the start of it', () => {
  const r = evaluateFile(
    'https://acme.example/.well-known/launchdeck-claim.txt',
    200,
    '<!doctype html><html>app shell</html>',
    token,
  );
  assert.equal(r.found, false);
  assert.match(r.detail, /\(HTTP 200\) contains "<!doctype html><html>app shell<\/html>"; expected exactly feedface/);
});

test('redirects may stay on the website host, the domain or its subdomains only', () => {
  assert.equal(sameCompanyHost('https://www.acme.example/', 'https://acme.example/', 'acme.example'), true);
  assert.equal(sameCompanyHost('http://127.0.0.1:4000/', 'http://127.0.0.1:4000/', 'acme.example'), true);
  assert.equal(sameCompanyHost('https://pages.host.example/acme', 'https://acme.example/', 'acme.example'), false);
  assert.equal(sameCompanyHost('https://evilacme.example/', 'https://acme.example/', 'acme.example'), false);
});
