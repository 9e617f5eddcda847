import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { signedIn as signedInAs } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { addListing } from '../../support/fixtures.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { startSmtpServer } from '../../support/smtp-server.js';
import { deliverPendingMail } from '../../../src/mail/outbox.js';

const served = { head: '' };
const site = await startFixtureSite({
  '/': () => ({ body: `<!doctype html><html><head><title>Acme</title>${served.head}</head><body>Acme</body></html>` }),
});
const smtp = await startSmtpServer();
after(async () => {
  await site.close();
  await smtp.close();
});

let seq = 0;
async function listing(env: TestEnv, opts: { owner?: string; status?: string } = {}) {
  const slug = `acme-site-${++seq}`;
  const domain = `${slug}.example`;
  const { listingId, companyId } = await addListing(env.ctx.db, env.ctx.site.id, {
    slug,
    name: `Acme ${seq}`,
    domain,
    status: opts.status,
  });
  await env.ctx.db.query('UPDATE companies SET website_url = $2 WHERE id = $1', [companyId, `${site.origin}/`]);
  if (opts.owner)
    await env.ctx.db.query(
      `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'owner' FROM users WHERE email = $2`,
      [listingId, opts.owner],
    );
  return { slug, domain, listingId };
}

const signedIn = (env: TestEnv, label = 'claimant') => signedInAs(env, label);
/** Makes the account's email address unconfirmed again, as a fresh sign-up's is. */
const unconfirm = (env: TestEnv, email: string) =>
  env.ctx.db.query('UPDATE users SET email_verified_at = NULL WHERE email = $1', [email]);

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const ownersOf = (env: TestEnv, listingId: number) =>
  env.ctx.db.query<{ email: string }>(
    'SELECT u.email FROM listing_owners o JOIN users u ON u.id = o.user_id WHERE o.listing_id = $1 ORDER BY u.email',
    [listingId],
  );

/** The claim link in the newest mail to `to`, as a path on the site. */
async function linkMailedTo(env: TestEnv, to: string): Promise<string> {
  const rows = await env.ctx.db.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  const url = /http:\/\/launchdeck\.test(\/claims\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(
    rows[0]?.text_body ?? '',
  )?.[1];
  assert.ok(url, 'a claim link was mailed');
  return url;
}

/** The text of a message as an SMTP server received it (quoted-printable or base64 undone). */
function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body, 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

describeEachDatabase(
  'claim pages',
  (env) => {
    test('a listing page links to claiming it', async () => {
      const l = await listing(env());
      const res = await env().get(`/p/${l.slug}`);
      assert.equal(res.statusCode, 200);
      assert.ok(res.body.includes(`href="/claims/new?slug=${l.slug}"`));
    });

    test('the claim form asks for sign-in first and comes back to the listing', async () => {
      const l = await listing(env());
      const res = await new FormClient(env().app).get(`/claims/new?slug=${l.slug}`);
      assert.equal(res.statusCode, 303);
      assert.equal(decodeURIComponent(String(res.headers.location)), `/signin?next=/claims/new?slug=${l.slug}`);
    });

    test('the claim form for an unknown listing is a 404 page', async () => {
      const { b } = await signedIn(env());
      assert.equal((await b.get('/claims/new?slug=no-such-listing')).statusCode, 404);
    });

    test('the claim form for an unpublished listing is a 404 page', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env(), { status: 'draft' });
      const res = await b.get(`/claims/new?slug=${l.slug}`);
      assert.equal(res.statusCode, 404);
      assert.ok(!res.body.includes(l.domain), 'the page does not reveal the domain');
    });

    test('the claim form asks an account with an unconfirmed email to confirm it first', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await unconfirm(env(), email);
      const res = await b.get(`/claims/new?slug=${l.slug}`);
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Confirm your email address first/);
      assert.ok(res.body.includes('href="/account"'));
    });

    test('starting a claim with an unconfirmed email is refused and mails nothing', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await unconfirm(env(), email);
      // The account page still carries a CSRF token for this session.
      const res = await b.submit('/account', '/claims', { slug: l.slug, method: 'email', email: `admin@${l.domain}` });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Confirm your email address first/);
      assert.equal((await env().ctx.db.query('SELECT 1 FROM claims WHERE listing_id = $1', [l.listingId])).length, 0);
      assert.equal(
        (await env().ctx.db.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [`admin@${l.domain}`])).length,
        0,
      );
    });

    test('Verify now with an unconfirmed email is refused with a message', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', { slug: l.slug, method: 'meta' });
      const id = (
        await env().ctx.db.query<{ id: number }>('SELECT id FROM claims WHERE listing_id = $1', [l.listingId])
      )[0].id;
      await unconfirm(env(), email);
      const res = await b.submit('/claims', `/claims/${id}/verify`, {});
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Confirm your email address first/);
    });

    test('starting a DNS claim from the form shows the record to add on My claims', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const res = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', { slug: l.slug, method: 'dns' });
      assert.equal(res.statusCode, 303);
      assert.match(String(res.headers.location), /^\/claims\?done=started#claim-\d+$/);
      const mine = await b.get('/claims');
      assert.equal(mine.statusCode, 200);
      assert.ok(mine.body.includes(`<code>_launchdeck-claim.${l.domain}</code>`));
      assert.match(mine.body, /<code>launchdeck-claim=[0-9a-f]{32}<\/code>/);
      assert.match(mine.body, /Verify now/);
      assert.match(mine.body, /Not checked yet/);
    });

    test('the claim form refuses a post without its CSRF token', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const res = await b.submit(
        `/claims/new?slug=${l.slug}`,
        '/claims',
        { slug: l.slug, method: 'dns' },
        { csrf: false },
      );
      assert.equal(res.statusCode, 403);
      assert.equal((await env().ctx.db.query('SELECT 1 FROM claims WHERE listing_id = $1', [l.listingId])).length, 0);
    });

    test('an email outside the company domain is refused on the form, naming the domain', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const res = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: 'me@gmail.example',
      });
      assert.equal(res.statusCode, 400);
      assert.ok(decode(res.body).includes(`Email: must be an address at ${l.domain}`));
    });

    test('a personal address at the company domain is refused on the form, listing the accepted addresses', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const res = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `jane@${l.domain}`,
      });
      assert.equal(res.statusCode, 400);
      assert.ok(
        decode(res.body).includes(
          `Email: must be an address at ${l.domain} that only whoever runs the domain controls: one of admin@${l.domain}`,
        ),
      );
    });

    test("what claim_listing's schema refuses reads as what to do, and the email box counts only for the email method", async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const noMethod = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'carrier-pigeon',
      });
      assert.equal(noMethod.statusCode, 400);
      assert.match(noMethod.body, /Choose how you will prove the listing is yours\./);
      const badEmail = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: 'not an address',
      });
      assert.equal(badEmail.statusCode, 400);
      assert.match(badEmail.body, /Email: enter a valid email address\./);
      const dns = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'dns',
        email: 'not an address',
      });
      assert.equal(dns.statusCode, 303);
    });

    test('an address that names no claim, and a malformed link token, get their own words', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      const verify = await b.submit(`/claims/new?slug=${l.slug}`, '/claims/abc/verify', {});
      assert.equal(verify.statusCode, 404);
      assert.match(verify.body, /There is no such claim\./);
      const link = await new FormClient(env().app).submit('/signin', '/claims/verify-email', { token: 'short' });
      assert.equal(link.statusCode, 400);
      assert.match(link.body, /This confirmation link is not valid\./);
    });

    test('the link of an email claim opened earlier to a personal address cannot be confirmed', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `admin@${l.domain}`,
      });
      const link = await linkMailedTo(env(), `admin@${l.domain}`);
      // A claim from before the rules: its address and link went to a personal mailbox.
      await env().ctx.db.query('UPDATE claims SET email = $2 WHERE listing_id = $1', [l.listingId, `jane@${l.domain}`]);
      await env().ctx.db.query(`UPDATE email_tokens SET email = $1 WHERE kind = 'email_claim' AND email = $2`, [
        `jane@${l.domain}`,
        `admin@${l.domain}`,
      ]);
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      const shown = await new FormClient(env().app).get(link);
      assert.equal(shown.statusCode, 409);
      assert.match(decode(shown.body), /does not prove control/);
      const res = await new FormClient(env().app).submit('/signin', '/claims/verify-email', { token });
      assert.equal(res.statusCode, 400);
      assert.match(decode(res.body), /does not prove control/);
      assert.deepEqual(await ownersOf(env(), l.listingId), []);
    });

    test('Verify now checks the homepage and My claims shows what was found', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', { slug: l.slug, method: 'meta' });
      const id = (
        await env().ctx.db.query<{ id: number }>('SELECT id FROM claims WHERE listing_id = $1', [l.listingId])
      )[0].id;
      served.head = '';
      const res = await b.submit('/claims', `/claims/${id}/verify`, {});
      assert.equal(res.statusCode, 303);
      const mine = decode((await b.get('/claims')).body);
      assert.ok(mine.includes(`No <meta name="launchdeck-claim"> in the <head> of ${site.origin}/`));
      assert.match(mine, /not found/);
    });

    test('a verified claim on the site makes the listing page say Verified owner', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', { slug: l.slug, method: 'meta' });
      const row = (
        await env().ctx.db.query<{ id: number; token: string }>('SELECT id, token FROM claims WHERE listing_id = $1', [
          l.listingId,
        ])
      )[0];
      served.head = `<meta name="launchdeck-claim" content="${row.token}">`;
      await b.submit('/claims', `/claims/${row.id}/verify`, {});
      assert.deepEqual(await ownersOf(env(), l.listingId), [{ email }]);
      assert.match((await env().get(`/p/${l.slug}`)).body, /Verified owner/);
    });

    test('the emailed link shows a Confirm button and changes nothing until it is pressed', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      const res = await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `admin@${l.domain}`,
      });
      assert.equal(res.statusCode, 303);
      const link = await linkMailedTo(env(), `admin@${l.domain}`);
      const scanner = new FormClient(env().app);
      const shown = await scanner.get(link);
      assert.equal(shown.statusCode, 200);
      assert.ok(shown.body.includes(email), 'the page names who will own the listing');
      assert.match(shown.body, /action="\/claims\/verify-email"/);
      assert.deepEqual(await ownersOf(env(), l.listingId), []);
    });

    test('confirming the emailed link verifies the claim for the claimant, whoever opens it, once', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `admin@${l.domain}`,
      });
      const link = await linkMailedTo(env(), `admin@${l.domain}`);
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      const colleague = new FormClient(env().app); // not signed in
      const confirmed = await colleague.submit(link, '/claims/verify-email', { token });
      assert.equal(confirmed.statusCode, 200);
      assert.match(confirmed.body, /Claim confirmed/);
      assert.deepEqual(await ownersOf(env(), l.listingId), [{ email }]);
      assert.match((await b.get('/claims')).body, /data-status="verified"/);
      const reused = await colleague.get(link);
      assert.equal(reused.statusCode, 404);
      assert.match(reused.body, /not valid any more/);
    });

    test('confirming the emailed link without the CSRF token is refused and changes nothing', async () => {
      const { b } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `admin@${l.domain}`,
      });
      const link = await linkMailedTo(env(), `admin@${l.domain}`);
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      const res = await new FormClient(env().app).submit(link, '/claims/verify-email', { token }, { csrf: false });
      assert.equal(res.statusCode, 403);
      assert.deepEqual(await ownersOf(env(), l.listingId), []);
      assert.equal((await new FormClient(env().app).get(link)).statusCode, 200, 'the link still works');
    });

    test('the claim email arrives through SMTP with a link that confirms the claim', async () => {
      const { b, email } = await signedIn(env());
      const l = await listing(env());
      await b.submit(`/claims/new?slug=${l.slug}`, '/claims', {
        slug: l.slug,
        method: 'email',
        email: `postmaster@${l.domain}`,
      });
      smtp.received.length = 0;
      assert.ok((await deliverPendingMail(env().ctx)) >= 1);
      const message = smtp.received.find((m) => m.to.includes(`postmaster@${l.domain}`));
      assert.ok(message, 'delivered to the company address');
      const text = mailText(message.raw);
      const link = /http:\/\/launchdeck\.test(\/claims\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(text)?.[1];
      assert.ok(link, text);
      const token = new URL(link, 'http://x').searchParams.get('token')!;
      const res = await new FormClient(env().app).submit(link, '/claims/verify-email', { token });
      assert.match(res.body, /Claim confirmed/);
      assert.deepEqual(await ownersOf(env(), l.listingId), [{ email }]);
    });

    test('My claims asks for sign-in', async () => {
      const res = await new FormClient(env().app).get('/claims');
      assert.equal(res.statusCode, 303);
      assert.equal(decodeURIComponent(String(res.headers.location)), '/signin?next=/claims');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1', SMTP_URL: smtp.url } },
);
