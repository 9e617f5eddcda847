import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A browser at `address` (behind the proxy TRUST_PROXY trusts), signed in as `email`. */
async function browserAt(env: TestEnv, email: string, userAgent: string, address: string) {
  const b = new FormClient(env.app, { 'user-agent': userAgent, 'x-forwarded-for': address });
  const res = await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
  assert.equal(res.statusCode, 303);
  return b;
}

const sessionRows = (env: TestEnv, email: string) =>
  env.ctx.db.query<{ id: number; ip_prefix: string; last_seen_at: string }>(
    `SELECT s.id, s.ip_prefix, s.last_seen_at FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE lower(u.email) = lower($1) ORDER BY s.id`,
    [email],
  );

/** The rows of the account page's sessions table, as text. */
function sessionTable(page: string): string[] {
  const section = page.slice(page.indexOf('<h2 id="sessions">'));
  const body = section.slice(section.indexOf('<tbody>'), section.indexOf('</tbody>'));
  return [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) =>
    m[1]
      .replace(/<form.*?<\/form>/gs, '[sign out]')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describeEachDatabase(
  'sessions on the account page',
  (env) => {
    test('the account page lists every signed-in browser with its device, network and last seen, this one first', async () => {
      const email = await createUser(env(), 'traveller');
      const laptop = await browserAt(env(), email, FIREFOX_LINUX, '203.0.113.77');
      env().clock.now = new Date(env().clock.now.getTime() + 60_000);
      await browserAt(env(), email, SAFARI_IPHONE, '2001:db8:abcd:12::1');
      const page = await laptop.get('/account');
      assert.deepEqual(sessionTable(page.body), [
        'Firefox on Linux (this browser) 203.0.113.x 2026-11-18 12:00 UTC 2026-11-18 12:00 UTC',
        'Safari on iPhone 2001:db8:abcd::/48 2026-11-18 12:01 UTC 2026-11-18 12:01 UTC [sign out]',
      ]);
      assert.doesNotMatch(page.body, /203\.0\.113\.77|2001:db8:abcd:12::1/, 'never the full address');
      const stored = JSON.stringify(await env().ctx.db.query('SELECT * FROM sessions'));
      assert.doesNotMatch(stored, /203\.0\.113\.77|abcd:12::1/, 'not even in the database');
    });

    test('last seen is written at most every five minutes per session, not on every request', async () => {
      const email = await createUser(env(), 'regular');
      const b = await browserAt(env(), email, FIREFOX_LINUX, '198.51.100.9');
      const [signedIn] = await sessionRows(env(), email);
      const start = env().clock.now.getTime();

      env().clock.now = new Date(start + 4 * 60_000);
      await b.get('/account');
      assert.equal((await sessionRows(env(), email))[0].last_seen_at, signedIn.last_seen_at, 'four minutes: unchanged');

      env().clock.now = new Date(start + 6 * 60_000);
      const moved = new FormClient(env().app, { 'user-agent': FIREFOX_LINUX, 'x-forwarded-for': '192.0.2.44' });
      moved.cookies = b.cookies; // the same browser, on another network
      await moved.get('/account');
      const [seen] = await sessionRows(env(), email);
      assert.equal(seen.last_seen_at, new Date(start + 6 * 60_000).toISOString());
      assert.equal(seen.ip_prefix, '192.0.2.x', 'the place follows the browser');

      env().clock.now = new Date(start + 7 * 60_000);
      await moved.get('/account');
      assert.equal((await sessionRows(env(), email))[0].last_seen_at, seen.last_seen_at);
    });

    test("signing out another session from the list ends it at once; another account's session cannot be ended", async () => {
      const email = await createUser(env(), 'careful');
      const here = await browserAt(env(), email, FIREFOX_LINUX, '203.0.113.5');
      const lost = await browserAt(env(), email, SAFARI_IPHONE, '203.0.113.6');
      const stranger = await browserAt(env(), await createUser(env(), 'stranger'), FIREFOX_LINUX, '198.51.100.1');
      const [, lostSession] = await sessionRows(env(), email);

      const idor = await stranger.submit('/account', `/account/sessions/${lostSession.id}/sign-out`, {});
      assert.equal(idor.headers.location, '/account?sessions=not_found#sessions');
      assert.equal((await lost.get('/account')).statusCode, 200, 'still signed in');

      const ended = await here.submit('/account', `/account/sessions/${lostSession.id}/sign-out`, {});
      assert.equal(ended.headers.location, '/account?sessions=ended#sessions');
      assert.match((await here.get('/account?sessions=ended')).body, /That session was signed out/);
      const after = await lost.get('/account');
      assert.equal(after.statusCode, 303);
      assert.match(String(after.headers.location), /^\/signin/);
      assert.equal((await sessionRows(env(), email)).length, 1);
      assert.equal((await here.get('/account')).statusCode, 200, 'this browser stays signed in');
    });
  },
  { env: { TRUST_PROXY: '1' } },
);
