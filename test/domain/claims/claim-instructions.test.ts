import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  acceptedClaimEmails,
  claimEmailAccepted,
  claimFileUrl,
  dnsRecordName,
  emailAtDomain,
  instructionsFor,
  isRoleAddressAt,
  newClaimToken,
} from '../../../src/domain/claims/claim-instructions.js';
import { claimStatus } from '../../../src/domain/claims/claim-view.js';

const facts = {
  id: 7,
  token: '0123456789abcdef0123456789abcdef',
  domain: 'acme.example',
  website_url: 'https://www.acme.example/home',
  email: null,
  expires_at: '2026-11-25T12:00:00.000Z',
};

test('a claim token is 32 hex characters and different every time', () => {
  const a = newClaimToken();
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.notEqual(a, newClaimToken());
});

test('the DNS record is a TXT record at _launchdeck-claim.<domain> with launchdeck-claim=<token>', () => {
  const i = instructionsFor({ ...facts, method: 'dns' });
  assert.deepEqual(i.dns_record, {
    type: 'TXT',
    name: '_launchdeck-claim.acme.example',
    value: `launchdeck-claim=${facts.token}`,
    ttl: 300,
  });
  assert.equal(i.zone_file_line, `_launchdeck-claim.acme.example. 300 IN TXT "launchdeck-claim=${facts.token}"`);
  assert.match(i.verify, /POST \/api\/v1\/claims\/7\/verify/);
});

test('the DNS name drops a port from the stored domain', () => {
  assert.equal(dnsRecordName('127.0.0.1:8080'), '_launchdeck-claim.127.0.0.1');
});

test('the meta tag is exact and names the homepage', () => {
  const i = instructionsFor({ ...facts, method: 'meta' });
  assert.equal(i.meta_tag, `<meta name="launchdeck-claim" content="${facts.token}">`);
  assert.equal(i.page_url, 'https://www.acme.example/');
});

test('the file lives at /.well-known/launchdeck-claim.txt on the website origin and holds the token', () => {
  const i = instructionsFor({ ...facts, method: 'file' });
  assert.equal(i.file_url, 'https://www.acme.example/.well-known/launchdeck-claim.txt');
  assert.equal(i.file_content, facts.token);
  assert.equal(claimFileUrl('http://127.0.0.1:4000/x'), 'http://127.0.0.1:4000/.well-known/launchdeck-claim.txt');
});

test('email instructions name the address the link went to', () => {
  const i = instructionsFor({ ...facts, method: 'email', email: 'ops@acme.example' });
  assert.equal(i.email, 'ops@acme.example');
  assert.match(i.summary, /ops@acme\.example/);
});

test('an email address at the domain or a subdomain of it matches; look-alikes do not', () => {
  assert.equal(emailAtDomain('ops@acme.example', 'acme.example'), true);
  assert.equal(emailAtDomain('OPS@EU.Acme.Example', 'acme.example'), true);
  assert.equal(emailAtDomain('ops@notacme.example', 'acme.example'), false);
  assert.equal(emailAtDomain('ops@acme.example.evil.test', 'acme.example'), false);
  assert.equal(emailAtDomain('acme.example', 'acme.example'), false);
});

test('role addresses at exactly the domain count as only its operator controls', () => {
  for (const role of ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster', 'root']) {
    assert.equal(isRoleAddressAt(`${role}@acme.example`, 'acme.example'), true, role);
  }
  assert.equal(isRoleAddressAt('Admin@ACME.example', 'acme.example:8080'), true);
});

test('personal addresses, plus-addressed roles and roles at subdomains are not role addresses', () => {
  assert.equal(isRoleAddressAt('jane@acme.example', 'acme.example'), false);
  assert.equal(isRoleAddressAt('admin+x@acme.example', 'acme.example'), false);
  assert.equal(isRoleAddressAt('admin@user.acme.example', 'acme.example'), false);
  assert.equal(isRoleAddressAt('admin@notacme.example', 'acme.example'), false);
});

test('the contact address counts only when given and at the domain', () => {
  assert.equal(
    claimEmailAccepted('Hello@acme.example', { domain: 'acme.example', contactEmail: 'hello@acme.example' }),
    true,
  );
  assert.equal(claimEmailAccepted('hello@acme.example', { domain: 'acme.example', contactEmail: null }), false);
  assert.equal(
    claimEmailAccepted('me@gmail.example', { domain: 'acme.example', contactEmail: 'me@gmail.example' }),
    false,
  );
});

test('the accepted addresses are listed in words, with the contact address when it counts', () => {
  assert.equal(
    acceptedClaimEmails({ domain: 'acme.example', contactEmail: null }),
    'one of admin@acme.example, administrator@acme.example, hostmaster@acme.example, postmaster@acme.example, webmaster@acme.example or root@acme.example',
  );
  assert.match(
    acceptedClaimEmails({ domain: 'acme.example', contactEmail: 'hello@acme.example' }),
    /, or the listing's published contact address hello@acme\.example$/,
  );
});

test('a pending claim past its expiry reads as expired', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  assert.equal(claimStatus({ status: 'pending', expires_at: '2026-11-25T12:00:00.000Z' }, now), 'expired');
  assert.equal(claimStatus({ status: 'pending', expires_at: '2026-11-25T12:00:01.000Z' }, now), 'pending');
  assert.equal(claimStatus({ status: 'verified', expires_at: '2026-11-01T00:00:00.000Z' }, now), 'verified');
});
