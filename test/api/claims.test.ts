import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { addListing } from '../support/fixtures.js';
import { startFixtureSite, type FixtureResponse } from '../support/fixture-site.js';
import { startDnsServer } from '../support/dns-server.js';
import { expireClaims } from '../../src/domain/claims/claim-repository.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';
import { createUser, obtainAccessToken, registerOAuthClient } from '../support/credentials.js';

// The company website the meta and file checks read: what it serves is set per test.
const served: { head: string; file: FixtureResponse | null } = { head: '', file: null };
const site = await startFixtureSite({
  '/': () => ({
    body: `<!doctype html><html><head><title>Acme</title>${served.head}</head><body><h1>Acme</h1></body></html>`,
  }),
  '/.well-known/launchdeck-claim.txt': () => served.file ?? { status: 404, type: 'text/plain', body: 'no such file' },
});
const dns = await startDnsServer();
after(async () => {
  await site.close();
  await dns.close();
});

type Founder = Awaited<ReturnType<typeof founder>>;
let seq = 0;

/**
 * A listing (live unless told) whose company website is the fixture site; optionally owned by
 * someone already, and with a published contact address `<contactAt>@<domain>`.
 */
async function listing(
  env: TestEnv,
  opts: { owners?: { email: string; role?: string }[]; status?: string; contactAt?: string } = {},
) {
  const slug = `acme-${++seq}-${env.kind}`;
  const domain = `${slug}.example`;
  const { listingId, companyId } = await addListing(env.ctx.db, env.ctx.site.id, {
    slug,
    name: `Acme ${seq}`,
    domain,
    status: opts.status,
  });
  await env.ctx.db.query('UPDATE companies SET website_url = $2, contact_email = $3 WHERE id = $1', [
    companyId,
    `${site.origin}/`,
    opts.contactAt ? `${opts.contactAt}@${domain}` : null,
  ]);
  for (const o of opts.owners ?? []) {
    await env.ctx.db.query(
      `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, $3 FROM users WHERE email = $2`,
      [listingId, o.email, o.role ?? 'owner'],
    );
  }
  return { slug, domain, listingId, companyId };
}

/** Makes the account's email address unconfirmed again, as a fresh sign-up's is. */
const unconfirm = (env: TestEnv, email: string) =>
  env.ctx.db.query('UPDATE users SET email_verified_at = NULL WHERE email = $1', [email]);

/** A founder profile linked to the company, belonging to the account with that email (or to nobody). */
async function linkFounder(env: TestEnv, companyId: number, slug: string, email: string | null) {
  const f = await env.ctx.db.query<{ id: number }>(
    'INSERT INTO founders (slug, name, user_id) VALUES ($1, $1, (SELECT id FROM users WHERE email = $2)) RETURNING id',
    [slug, email],
  );
  await env.ctx.db.query('INSERT INTO company_founders (company_id, founder_id) VALUES ($1, $2)', [companyId, f[0].id]);
}

async function claim(f: Founder, slug: string, method: string, email?: string) {
  const res = await f.call('POST', '/claims', { slug, method, ...(email ? { email } : {}) });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const verify = (f: Founder, id: number) => f.call('POST', `/claims/${id}/verify`);
const ownersOf = (env: TestEnv, listingId: number) =>
  env.ctx.db.query<{ email: string; role: string }>(
    'SELECT u.email, o.role FROM listing_owners o JOIN users u ON u.id = o.user_id WHERE o.listing_id = $1 ORDER BY u.email',
    [listingId],
  );
const mailTo = (env: TestEnv, to: string) =>
  env.ctx.db.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id',
    [to],
  );

describeEachDatabase(
  'claims',
  (env) => {
    test('a DNS claim answers 201 with the exact TXT record to publish', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      assert.equal(c.status, 'pending');
      assert.equal(c.method, 'dns');
      assert.deepEqual(c.listing, { slug: l.slug, name: c.listing.name, domain: l.domain });
      assert.match(c.instructions.dns_record.value, /^launchdeck-claim=[0-9a-f]{32}$/);
      assert.equal(c.instructions.dns_record.name, `_launchdeck-claim.${l.domain}`);
      assert.equal(c.instructions.dns_record.type, 'TXT');
      assert.equal(Date.parse(c.expires_at) - FIXED_NOW.getTime(), 7 * 86_400_000);
      assert.equal(c.last_check, null);
      assert.match(c.note, /not the same as paid/);
    });

    test('meta and file claims give the tag and the file to publish', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const meta = await claim(f, l.slug, 'meta');
      assert.match(meta.instructions.meta_tag, /^<meta name="launchdeck-claim" content="[0-9a-f]{32}">$/);
      assert.equal(meta.instructions.page_url, `${site.origin}/`);
      const file = await claim(f, l.slug, 'file');
      assert.equal(file.instructions.file_url, `${site.origin}/.well-known/launchdeck-claim.txt`);
      assert.match(file.instructions.file_content, /^[0-9a-f]{32}$/);
      assert.notEqual(
        file.instructions.file_content,
        meta.instructions.meta_tag.match(/content="(\w+)"/)[1],
        'each claim has its own token',
      );
    });

    test('claiming an unknown slug is a 404', async () => {
      const res = await (await founder(env())).call('POST', '/claims', { slug: 'no-such-listing', method: 'dns' });
      assert.equal(res.status, 404);
    });

    test('claiming a listing that is not public is a 404 like an unknown slug', async () => {
      const l = await listing(env(), { status: 'draft' });
      const res = await (await founder(env())).call('POST', '/claims', { slug: l.slug, method: 'dns' });
      assert.equal(res.status, 404);
      assert.ok(!JSON.stringify(res.body).includes(l.domain), 'the answer does not reveal the domain');
      assert.equal((await env().ctx.db.query('SELECT 1 FROM claims WHERE listing_id = $1', [l.listingId])).length, 0);
    });

    test('a scheduled listing can be claimed', async () => {
      const l = await listing(env(), { status: 'scheduled' });
      const c = await claim(await founder(env()), l.slug, 'dns');
      assert.equal(c.listing.domain, l.domain);
    });

    test('an account with an unconfirmed email cannot start a claim', async () => {
      const f = await founder(env());
      await unconfirm(env(), f.email);
      const l = await listing(env());
      const res = await f.call('POST', '/claims', { slug: l.slug, method: 'email', email: `admin@${l.domain}` });
      assert.equal(res.status, 403);
      assert.match(res.body.detail, /Confirm your email address first/);
      assert.equal((await mailTo(env(), `admin@${l.domain}`)).length, 0);
    });

    test('an account with an unconfirmed email cannot verify a claim', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      await unconfirm(env(), f.email);
      dns.setTxt(`_launchdeck-claim.${l.domain}`, [c.instructions.dns_record.value]);
      const res = await verify(f, c.id);
      assert.equal(res.status, 403);
      assert.match(res.body.detail, /Confirm your email address first/);
      assert.deepEqual(await ownersOf(env(), l.listingId), []);
    });

    test('an OAuth token of an account with an unconfirmed email cannot start a claim', async () => {
      const email = await createUser(env(), 'oauth-claimant');
      await unconfirm(env(), email);
      const token = await obtainAccessToken(env(), await registerOAuthClient(env()), email, {
        scope: 'listings:write',
      });
      const l = await listing(env());
      const res = await env().app.inject({
        method: 'POST',
        url: '/api/v1/claims',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ slug: l.slug, method: 'dns' }),
      });
      assert.equal(res.statusCode, 403);
      assert.match(res.json().detail, /Confirm your email address first/);
    });

    test('claim_listing over MCP with an unconfirmed email is a 403 problem', async () => {
      const f = await founder(env());
      await unconfirm(env(), f.email);
      const l = await listing(env());
      const res = await callTool(
        env(),
        'claim_listing',
        { slug: l.slug, method: 'dns' },
        { authorization: `Bearer ${f.key}` },
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.result.isError, true);
      assert.equal(toolProblem(res.body.result).status, 403);
      assert.match(toolProblem(res.body.result).detail, /Confirm your email address first/);
    });

    test('claiming a listing you already own is a 409', async () => {
      const f = await founder(env());
      const l = await listing(env(), { owners: [{ email: f.email }] });
      const res = await f.call('POST', '/claims', { slug: l.slug, method: 'dns' });
      assert.equal(res.status, 409);
      assert.match(res.body.detail, /already own/);
    });

    test('asking again for the same listing and method returns the open claim', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const first = await claim(f, l.slug, 'dns');
      const again = await claim(f, l.slug, 'dns');
      assert.equal(again.id, first.id);
      assert.equal(again.instructions.dns_record.value, first.instructions.dns_record.value);
    });

    test('an email claim needs an email', async () => {
      const l = await listing(env());
      const res = await (await founder(env())).call('POST', '/claims', { slug: l.slug, method: 'email' });
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'email');
    });

    test('an email claim to an address outside the company domain is a 400 naming email', async () => {
      const l = await listing(env());
      const res = await (await founder(env())).call('POST', '/claims', {
        slug: l.slug,
        method: 'email',
        email: 'me@gmail.example',
      });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: { path: string }) => e.path),
        ['email'],
      );
      assert.match(res.body.errors[0].message, new RegExp(`address at ${l.domain.replace(/\./g, '\\.')}`));
    });

    test('an email claim mails a single-use link to a role address at the domain', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const to = `admin@${l.domain}`;
      const c = await claim(f, l.slug, 'email', to);
      assert.equal(c.email, to);
      assert.equal(c.instructions.email, to);
      const mails = await mailTo(env(), to);
      assert.equal(mails.length, 1);
      assert.match(mails[0].text_body, /http:\/\/launchdeck\.test\/claims\/verify-email\?token=[A-Za-z0-9_-]{43}\b/);
      assert.ok(mails[0].text_body.includes(f.email), 'the mail names who asked');
    });

    test('an email claim to a personal address at the company domain is a 400 naming email and listing what is accepted', async () => {
      const l = await listing(env());
      const res = await (await founder(env())).call('POST', '/claims', {
        slug: l.slug,
        method: 'email',
        email: `jane@${l.domain}`,
      });
      assert.equal(res.status, 400);
      assert.deepEqual(
        res.body.errors.map((e: { path: string }) => e.path),
        ['email'],
      );
      for (const role of ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster', 'root']) {
        assert.ok(res.body.errors[0].message.includes(`${role}@${l.domain}`), role);
      }
      assert.equal((await mailTo(env(), `jane@${l.domain}`)).length, 0);
    });

    test('an email claim to a role address at a subdomain is a 400', async () => {
      const l = await listing(env());
      const res = await (await founder(env())).call('POST', '/claims', {
        slug: l.slug,
        method: 'email',
        email: `admin@someone.${l.domain}`,
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'email');
    });

    test("an email claim to the listing's published contact address is accepted", async () => {
      const l = await listing(env(), { contactAt: 'hello' });
      const c = await claim(await founder(env()), l.slug, 'email', `hello@${l.domain}`);
      assert.equal(c.email, `hello@${l.domain}`);
      assert.equal((await mailTo(env(), `hello@${l.domain}`)).length, 1);
    });

    test('the published contact address is not accepted while someone owns the listing, since owners can edit it', async () => {
      const owner = await founder(env(), 'owner');
      const l = await listing(env(), { contactAt: 'hello', owners: [{ email: owner.email }] });
      const res = await (await founder(env())).call('POST', '/claims', {
        slug: l.slug,
        method: 'email',
        email: `hello@${l.domain}`,
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'email');
    });

    test('an email claim asked again with another address moves it there and mails a new link', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const first = await claim(f, l.slug, 'email', `admin@${l.domain}`);
      const moved = await claim(f, l.slug, 'email', `postmaster@${l.domain}`);
      assert.equal(moved.id, first.id);
      assert.equal(moved.email, `postmaster@${l.domain}`);
      assert.equal((await mailTo(env(), `postmaster@${l.domain}`)).length, 1);
      const same = await claim(f, l.slug, 'email', `postmaster@${l.domain}`);
      assert.equal(same.id, first.id);
      assert.equal((await mailTo(env(), `postmaster@${l.domain}`)).length, 1, 'the same address is not mailed twice');
    });

    test('verifying an email claim mails a fresh link and says so', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'email', `hostmaster@${l.domain}`);
      const res = await verify(f, c.id);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'pending');
      assert.equal(
        res.body.last_check.detail,
        `Email claims are verified by opening the link we mailed; a new link was just sent to hostmaster@${l.domain}.`,
      );
      assert.equal((await mailTo(env(), `hostmaster@${l.domain}`)).length, 2);
    });

    test('verifying an email claim opened earlier to a personal address is a 409 and mails nothing', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'email', `admin@${l.domain}`);
      await env().ctx.db.query('UPDATE claims SET email = $2 WHERE id = $1', [c.id, `jane@${l.domain}`]);
      const res = await verify(f, c.id);
      assert.equal(res.status, 409);
      assert.match(res.body.detail, /does not prove control/);
      assert.equal((await mailTo(env(), `jane@${l.domain}`)).length, 0);
    });

    test('my claims list newest first with instructions, paginated', async () => {
      const f = await founder(env());
      const a = await claim(f, (await listing(env())).slug, 'dns');
      env().clock.now = new Date(FIXED_NOW.getTime() + 60_000);
      try {
        const b = await claim(f, (await listing(env())).slug, 'file');
        const other = await founder(env(), 'other');
        await claim(other, (await listing(env())).slug, 'dns');
        const page1 = await f.call('GET', '/claims?per_page=1');
        assert.equal(page1.status, 200);
        assert.equal(page1.body.total, 2);
        assert.equal(page1.body.total_pages, 2);
        assert.deepEqual(
          page1.body.items.map((c: { id: number }) => c.id),
          [b.id],
        );
        assert.ok(page1.body.items[0].instructions.file_url);
        assert.match(String(page1.headers.link), /rel="next"/);
        const page2 = await f.call('GET', '/claims?per_page=1&page=2');
        assert.deepEqual(
          page2.body.items.map((c: { id: number }) => c.id),
          [a.id],
        );
      } finally {
        env().clock.now = new Date(FIXED_NOW);
      }
    });

    test('a DNS check with other TXT records reports them and stays pending', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      dns.setTxt(`_launchdeck-claim.${l.domain}`, ['v=spf1 -all']);
      const res = await verify(f, c.id);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'pending');
      assert.equal(res.body.last_check.found, false);
      assert.equal(
        res.body.last_check.detail,
        `TXT records at _launchdeck-claim.${l.domain}: ["v=spf1 -all"]; none is ${c.instructions.dns_record.value}.`,
      );
      assert.deepEqual(res.body.last_check.seen, ['v=spf1 -all']);
      assert.equal(res.body.attempts, 1);
    });

    test('a DNS check of a name that does not exist says NXDOMAIN', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      const res = await verify(f, c.id);
      assert.equal(res.body.last_check.found, false);
      assert.equal(
        res.body.last_check.detail,
        `_launchdeck-claim.${l.domain} does not exist in DNS (NXDOMAIN); expected a TXT record ${c.instructions.dns_record.value}.`,
      );
    });

    test('a DNS record on the domain itself is pointed out', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      dns.setTxt(l.domain, ['v=spf1 -all', c.instructions.dns_record.value]);
      const res = await verify(f, c.id);
      assert.equal(res.body.status, 'pending');
      assert.match(
        res.body.last_check.detail,
        new RegExp(`A launchdeck-claim record is at ${l.domain.replace(/\./g, '\\.')} instead`),
      );
    });

    test('the right TXT record verifies the claim and the listing shows a verified owner', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      // The public profile is cached: the transfer must show at once all the same.
      assert.equal((await env().json(`/api/v1/listings/${l.slug}`)).body.verified, false);
      dns.setTxt(`_launchdeck-claim.${l.domain}`, ['v=spf1 -all', c.instructions.dns_record.value]);
      const res = await verify(f, c.id);
      assert.equal(res.status, 200);
      assert.equal(res.body.status, 'verified');
      assert.equal(res.body.verified_at, FIXED_NOW.toISOString());
      assert.equal(res.body.last_check.found, true);
      assert.match(res.body.note, /Verified is not the same as paid/);
      assert.deepEqual(await ownersOf(env(), l.listingId), [{ email: f.email, role: 'owner' }]);
      assert.equal((await env().json(`/api/v1/listings/${l.slug}`)).body.verified, true);
    });

    test('a meta tag with the wrong content is reported, and the right one verifies', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'meta');
      served.head = '<meta name="launchdeck-claim" content="somebody-elses-token">';
      const wrong = await verify(f, c.id);
      assert.equal(wrong.body.status, 'pending');
      assert.match(
        wrong.body.last_check.detail,
        /has <meta name="launchdeck-claim"> with content "somebody-elses-token", not "[0-9a-f]{32}"/,
      );
      assert.deepEqual(wrong.body.last_check.seen, ['somebody-elses-token']);
      served.head = c.instructions.meta_tag;
      const right = await verify(f, c.id);
      assert.equal(right.body.status, 'verified');
      assert.equal(right.body.last_check.checked, `${site.origin}/`);
    });

    test('a missing claim file reports its HTTP status', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'file');
      served.file = null;
      const res = await verify(f, c.id);
      assert.equal(
        res.body.last_check.detail,
        `${site.origin}/.well-known/launchdeck-claim.txt answered HTTP 404; expected a file containing ${c.instructions.file_content}.`,
      );
    });

    test('a claim file with other content is reported, and the token verifies', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'file');
      served.file = { type: 'text/plain', body: 'hello' };
      const wrong = await verify(f, c.id);
      assert.match(wrong.body.last_check.detail, /\(HTTP 200\) contains "hello"; expected exactly [0-9a-f]{32}\./);
      served.file = { type: 'text/plain', body: `${c.instructions.file_content}\n` };
      const right = await verify(f, c.id);
      assert.equal(right.body.status, 'verified');
    });

    test('verifying moves ownership: previous owners are replaced and told by email, other open claims are closed', async () => {
      const owner = await founder(env(), 'owner');
      const cofounder = await founder(env(), 'cofounder');
      const rival = await founder(env(), 'rival');
      const f = await founder(env());
      const l = await listing(env(), {
        owners: [{ email: owner.email }, { email: cofounder.email, role: 'cofounder' }],
      });
      const rivalClaim = await claim(rival, l.slug, 'file');
      const c = await claim(f, l.slug, 'dns');
      dns.setTxt(`_launchdeck-claim.${l.domain}`, [c.instructions.dns_record.value]);
      assert.equal((await verify(f, c.id)).body.status, 'verified');
      assert.deepEqual(await ownersOf(env(), l.listingId), [{ email: f.email, role: 'owner' }]);
      for (const previous of [owner.email, cofounder.email]) {
        const mails = await mailTo(env(), previous);
        assert.equal(mails.length, 1, previous);
        assert.match(mails[0].subject, /Ownership of Acme \d+ on Launchdeck has moved/);
        assert.match(mails[0].text_body, /proved control of .* with a DNS TXT record/);
      }
      assert.equal((await mailTo(env(), f.email)).length, 0, 'the new owner is not told they lost it');
      const closed = (await rival.call('GET', '/claims')).body.items.find(
        (x: { id: number }) => x.id === rivalClaim.id,
      );
      assert.equal(closed.status, 'rejected');
      assert.match(closed.last_check.detail, /Another account verified ownership/);
      assert.equal((await verify(rival, rivalClaim.id)).status, 409);
    });

    test('after a transfer the previous owners no longer show as founders of the listing', async () => {
      const owner = await founder(env(), 'owner');
      const f = await founder(env());
      const l = await listing(env(), { owners: [{ email: owner.email }] });
      await linkFounder(env(), l.companyId, `ousted-${l.slug}`, owner.email);
      await linkFounder(env(), l.companyId, `crawled-${l.slug}`, null);
      const shown = (await env().json(`/api/v1/listings/${l.slug}`)).body.founders
        .map((x: { slug: string }) => x.slug)
        .sort();
      assert.deepEqual(shown, [`crawled-${l.slug}`, `ousted-${l.slug}`]);
      const c = await claim(f, l.slug, 'dns');
      dns.setTxt(`_launchdeck-claim.${l.domain}`, [c.instructions.dns_record.value]);
      assert.equal((await verify(f, c.id)).body.status, 'verified');
      const left = (await env().json(`/api/v1/listings/${l.slug}`)).body.founders.map((x: { slug: string }) => x.slug);
      assert.deepEqual(left, [`crawled-${l.slug}`]);
    });

    test('verifying a verified claim returns it as it is without checking again', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      dns.setTxt(`_launchdeck-claim.${l.domain}`, [c.instructions.dns_record.value]);
      await verify(f, c.id);
      dns.remove(`_launchdeck-claim.${l.domain}`);
      const again = await verify(f, c.id);
      assert.equal(again.status, 200);
      assert.equal(again.body.status, 'verified');
      assert.equal(again.body.attempts, 1);
    });

    test("verifying another account's claim is a 403", async () => {
      const c = await claim(await founder(env()), (await listing(env())).slug, 'dns');
      const res = await verify(await founder(env(), 'intruder'), c.id);
      assert.equal(res.status, 403);
    });

    test('verifying an unknown claim is a 404', async () => {
      const res = await verify(await founder(env()), 999_999);
      assert.equal(res.status, 404);
    });

    test('the eleventh check within an hour is a 429 with Retry-After; an hour later checks resume', async () => {
      const f = await founder(env());
      const c = await claim(f, (await listing(env())).slug, 'dns');
      try {
        for (let i = 0; i < 10; i++) {
          env().clock.now = new Date(FIXED_NOW.getTime() + i * 60_000);
          assert.equal((await verify(f, c.id)).status, 200, `check ${i + 1}`);
        }
        env().clock.now = new Date(FIXED_NOW.getTime() + 30 * 60_000);
        const limited = await verify(f, c.id);
        assert.equal(limited.status, 429);
        assert.equal(limited.headers['retry-after'], String(30 * 60));
        assert.match(limited.body.detail, /at most 10 times an hour/);
        env().clock.now = new Date(FIXED_NOW.getTime() + 60 * 60_000);
        const resumed = await verify(f, c.id);
        assert.equal(resumed.status, 200);
        assert.equal(resumed.body.attempts, 11);
      } finally {
        env().clock.now = new Date(FIXED_NOW);
      }
    });

    test('after seven days a pending claim shows expired, cannot be verified, and a new claim can start', async () => {
      const f = await founder(env());
      const l = await listing(env());
      const c = await claim(f, l.slug, 'dns');
      try {
        env().clock.now = new Date(Date.parse(c.expires_at));
        const listed = (await f.call('GET', '/claims')).body.items.find((x: { id: number }) => x.id === c.id);
        assert.equal(listed.status, 'expired');
        dns.setTxt(`_launchdeck-claim.${l.domain}`, [c.instructions.dns_record.value]);
        const res = await verify(f, c.id);
        assert.equal(res.status, 409);
        assert.match(res.body.detail, /expired/);
        const fresh = await claim(f, l.slug, 'dns');
        assert.notEqual(fresh.id, c.id);
        assert.equal(fresh.status, 'pending');
      } finally {
        env().clock.now = new Date(FIXED_NOW);
      }
    });

    test('the expiry sweep marks pending claims past their time as expired', async () => {
      const f = await founder(env());
      const c = await claim(f, (await listing(env())).slug, 'meta');
      assert.ok((await expireClaims(env().ctx.db, new Date(Date.parse(c.expires_at) + 1))) >= 1);
      const rows = await env().ctx.db.query<{ status: string }>('SELECT status FROM claims WHERE id = $1', [c.id]);
      assert.equal(rows[0].status, 'expired');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1', DNS_SERVERS: dns.address } },
);
