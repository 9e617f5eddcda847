import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { FormClient } from '../support/form-client.js';
import { hiddenInputs } from '../support/http-browser.js';
import { registerOAuthClient } from '../support/credentials.js';
import { addListing, finishFixtures } from '../support/fixtures.js';
import { startFakeStripeSubscriptions, subscription } from '../support/fake-stripe-subscriptions.js';
import { callTool } from '../support/mcp-rpc.js';
import { s256 } from '../../src/oauth/pkce.js';

/** Every line the app logs (pino at trace level, the most it ever says) and everything written to the console meanwhile. */
const lines: string[] = [];
const stream = {
  write: (line: string) => {
    lines.push(line);
  },
};
const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;
const originalConsole = Object.fromEntries(consoleMethods.map((m) => [m, console[m]]));

let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
  for (const m of consoleMethods)
    console[m] = (...args: unknown[]) => {
      lines.push(
        args
          .map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a)))
          .join(' '),
      );
    };
});
after(async () => {
  Object.assign(console, originalConsole);
  await fake.close();
});

const METRICS_TOKEN = `mt_${crypto.randomBytes(16).toString('hex')}`;
const lastMailLink = async (env: TestEnv, to: string) => {
  const [mail] = await env.ctx.db.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY id DESC LIMIT 1',
    [to],
  );
  return new URL(/https?:\/\/\S+/.exec(mail.text_body)![0]);
};
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describeEachDatabase(
  'secrets never reach the logs',
  (env) => {
    const secrets = new Map<string, string>();
    const keep = (what: string, value: string) => {
      assert.ok(value && value.length >= 8, `${what} captured`);
      secrets.set(what, value);
      return value;
    };
    const email = `logs-${crypto.randomUUID()}@example.com`;
    const b = () => browser;
    let browser: FormClient;

    before(() => {
      browser = new FormClient(env().app, { 'x-request-id': 'trace-me-42' });
    });

    test('an account is signed up, confirmed by its mailed link and signed in with its password', async () => {
      const password = keep('sign-up password', `pw-${crypto.randomBytes(12).toString('hex')}`);
      assert.equal((await b().submit('/signup', '/signup', { email, name: 'Logger', password })).statusCode, 303);
      const link = await lastMailLink(env(), email);
      keep('email confirmation token', link.searchParams.get('token')!);
      assert.equal((await b().get(link.pathname + link.search)).statusCode, 303);
      keep('wrong password', `wrong-${crypto.randomBytes(12).toString('hex')}`);
      assert.equal(
        (
          await new FormClient(env().app).submit('/signin', '/signin', {
            email,
            password: secrets.get('wrong password')!,
          })
        ).statusCode,
        401,
      );
      assert.equal((await b().submit('/signin', '/signin', { email, password })).statusCode, 303);
      keep('session cookie', b().cookies.get('ld_session')!);
    });

    test('a password is reset through its mailed link', async () => {
      assert.equal(
        (await new FormClient(env().app).submit('/forgot-password', '/forgot-password', { email })).statusCode,
        200,
      );
      const link = await lastMailLink(env(), email);
      const token = keep('password reset token', link.searchParams.get('token')!);
      const newPassword = keep('new password', `new-${crypto.randomBytes(12).toString('hex')}`);
      const other = new FormClient(env().app);
      assert.equal(
        (await other.submit(link.pathname + link.search, '/reset-password', { token, password: newPassword }))
          .statusCode,
        303,
      );
      assert.equal((await b().submit('/signin', '/signin', { email, password: newPassword })).statusCode, 303);
      keep('new session cookie', b().cookies.get('ld_session')!);
    });

    test('an API key is created and used on REST and MCP', async () => {
      const created = await b().submit('/account', '/account/api-keys', {
        name: 'logs',
        scopes: ['account:read', 'listings:write'],
      });
      assert.equal(created.statusCode, 201);
      const key = keep('API key', /<code class="secret">(ldk_[^<]+)<\/code>/.exec(created.body)![1]);
      assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${key}` })).statusCode, 200);
      const tool = await callTool(env(), 'get_account', {}, { authorization: `Bearer ${key}` });
      assert.equal(tool.status, 200);
      assert.equal(tool.body.result.isError, undefined);
      // A wrong key is refused (and must not be logged either).
      const wrong = keep('unknown API key', `ldk_${crypto.randomBytes(16).toString('hex')}`);
      assert.equal((await env().get('/api/v1/me', { authorization: `Bearer ${wrong}` })).statusCode, 401);
    });

    test('OAuth issues, uses and refreshes tokens', async () => {
      const client = await registerOAuthClient(env());
      const verifier = keep('PKCE verifier', crypto.randomBytes(48).toString('base64url'));
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
        scope: 'account:read',
        state: 'st',
      });
      let page = await client.browser.get(`/oauth/authorize?${q}`);
      page = await client.browser.post('/oauth/authorize/signin', [
        ...hiddenInputs(page.body, '/oauth/authorize/signin'),
        ['email', email],
        ['password', secrets.get('new password')!],
      ]);
      const back = await client.browser.post('/oauth/authorize', [
        ...hiddenInputs(page.body, '/oauth/authorize'),
        ['decision', 'allow'],
      ]);
      const code = keep('authorization code', new URL(back.location!).searchParams.get('code')!);
      const issued = (await (
        await fetch(
          `${env().baseUrl}/oauth/token`,
          form({
            grant_type: 'authorization_code',
            code,
            client_id: client.clientId,
            redirect_uri: client.redirectUri,
            code_verifier: verifier,
          }),
        )
      ).json()) as { access_token: string; refresh_token: string };
      keep('access token', issued.access_token);
      keep('refresh token', issued.refresh_token);
      assert.equal(
        (await fetch(`${env().baseUrl}/api/v1/me`, { headers: { authorization: `Bearer ${issued.access_token}` } }))
          .status,
        200,
      );
      const refreshed = (await (
        await fetch(
          `${env().baseUrl}/oauth/token`,
          form({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: client.clientId }),
        )
      ).json()) as { access_token: string; refresh_token: string };
      keep('refreshed access token', refreshed.access_token);
      keep('refreshed refresh token', refreshed.refresh_token);
      // Reusing the old refresh token is refused (and revokes the family): that path must not log it either.
      assert.equal(
        (
          await fetch(
            `${env().baseUrl}/oauth/token`,
            form({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id: client.clientId }),
          )
        ).status,
        400,
      );
    });

    test('a Stripe restricted key is connected for verified revenue, and a refused one is not echoed', async () => {
      const e = env();
      e.ctx.config = { ...e.ctx.config, stripe: { ...e.ctx.config.stripe, apiBase: fake.url } };
      const { listingId } = await addListing(e.ctx.db, e.ctx.site.id, {
        slug: 'logged-money',
        name: 'Logged Money',
        launchWeek: '2026-11-09',
      });
      await e.ctx.db.query(
        'INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2',
        [listingId, email],
      );
      await finishFixtures(e.ctx);
      const key = keep('Stripe restricted key', `rk_test_${crypto.randomBytes(16).toString('hex')}`);
      fake.accounts.set(key, [subscription('active', [{ amount: 4_900, interval: 'month' }])]);
      const page = `/my/listings/${listingId}/revenue`;
      const refused = keep('refused Stripe key', `rk_test_${crypto.randomBytes(16).toString('hex')}`);
      assert.equal((await b().submit(page, `${page}/connect`, { key: refused })).statusCode, 400);
      assert.equal((await b().submit(page, `${page}/connect`, { key })).statusCode, 303);
    });

    test('metrics are read with their token', async () => {
      assert.equal((await env().get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode, 200);
      keep('metrics token', METRICS_TOKEN);
    });

    test('none of those secrets appears in any log line', () => {
      const text = lines.join('\n');
      assert.ok(lines.length > 50, `the logs were captured (${lines.length} lines)`);
      for (const [what, value] of secrets) {
        for (const form of new Set([value, encodeURIComponent(value)]))
          assert.ok(!text.includes(form), `${what} appears in the logs`);
      }
    });

    test("request log lines carry the request id, the caller's own when it sent one", () => {
      const requests = lines
        .filter((l) => l.includes('"msg":"incoming request"'))
        .map((l) => JSON.parse(l) as { reqId?: string });
      assert.ok(requests.length > 10);
      assert.ok(requests.every((r) => typeof r.reqId === 'string' && r.reqId.length > 0));
      assert.ok(requests.some((r) => r.reqId === 'trace-me-42'));
    });
  },
  {
    env: { SECRETS_KEY: crypto.randomBytes(32).toString('hex'), METRICS_TOKEN, LOG_LEVEL: 'trace' },
    logger: { level: 'trace', stream },
    publicUrlIsListenAddress: true,
  },
);
