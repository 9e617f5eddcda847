import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { createUser, registerOAuthClient, TEST_PASSWORD } from '../support/credentials.js';
import { FormClient } from '../support/form-client.js';
import { hiddenInputs } from '../support/http-browser.js';
import { buildApp } from '../../src/app.js';
import { s256 } from '../../src/oauth/pkce.js';

// TRUST_PROXY lets each test sign in "from" its own address (X-Forwarded-For), as behind a load balancer.
const THROTTLE_ENV = {
  TRUST_PROXY: '1',
  SIGNIN_MAX_FAILURES: '5',
  SIGNIN_ADDRESS_MAX_FAILURES: '8',
  SIGNIN_WINDOW_MINUTES: '15',
  SIGNIN_BACKOFF_SECONDS: '30',
  SIGNIN_MAX_BACKOFF_SECONDS: '900',
};

let addressCounter = 0;
/** A public-looking client address no other test uses. */
const freshAddress = () => `198.18.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

async function signInFrom(env: TestEnv, address: string, email: string, password: string) {
  return new FormClient(env.app, { 'x-forwarded-for': address }).submit('/signin', '/signin', { email, password });
}

const later = (env: TestEnv, seconds: number) => {
  env.clock.now = new Date(env.clock.now.getTime() + seconds * 1000);
};

describeEachDatabase(
  'sign-in throttling',
  (env) => {
    test('after five wrong passwords for one account, even the right one is refused with 429 and Retry-After, from any address', async () => {
      const email = await createUser(env(), 'locked');
      for (let i = 1; i <= 4; i++)
        assert.equal(
          (await signInFrom(env(), freshAddress(), email, 'wrong password!')).statusCode,
          401,
          `failure ${i}`,
        );
      const fifth = await signInFrom(env(), freshAddress(), email, 'wrong password!');
      assert.equal(fifth.statusCode, 429);
      assert.equal(fifth.headers['retry-after'], '30');
      const right = await signInFrom(env(), freshAddress(), email, TEST_PASSWORD);
      assert.equal(right.statusCode, 429, 'the lock holds for the right password too');
      assert.match(right.body, /Too many failed sign-ins/);
      assert.ok(Number(right.headers['retry-after']) >= 1 && Number(right.headers['retry-after']) <= 30);
      assert.equal(String(right.headers['set-cookie'] ?? '').includes('ld_session='), false, 'no session while locked');
    });

    test('the wait doubles with every further failure, up to the cap', async () => {
      const email = await createUser(env(), 'doubling');
      for (let i = 0; i < 4; i++) await signInFrom(env(), freshAddress(), email, 'wrong password!');
      const waits: number[] = [];
      // A fresh address each time: this is about the account's lock, not the address's.
      for (let i = 0; i < 7; i++) {
        const res = await signInFrom(env(), freshAddress(), email, 'wrong password!');
        assert.equal(res.statusCode, 429);
        waits.push(Number(res.headers['retry-after']));
        later(env(), waits.at(-1)! + 1);
      }
      assert.deepEqual(waits, [30, 60, 120, 240, 480, 900, 900]);
    });

    test('a right password after the wait signs in and resets the count for the account', async () => {
      const email = await createUser(env(), 'recovers');
      for (let i = 0; i < 5; i++) await signInFrom(env(), freshAddress(), email, 'wrong password!');
      later(env(), 31);
      assert.equal((await signInFrom(env(), freshAddress(), email, TEST_PASSWORD)).statusCode, 303);
      for (let i = 1; i <= 4; i++)
        assert.equal(
          (await signInFrom(env(), freshAddress(), email, 'wrong password!')).statusCode,
          401,
          `failure ${i} after the reset`,
        );
    });

    test('failures older than the window are forgotten', async () => {
      const email = await createUser(env(), 'window');
      for (let i = 0; i < 4; i++) await signInFrom(env(), freshAddress(), email, 'wrong password!');
      later(env(), 16 * 60);
      for (let i = 1; i <= 4; i++)
        assert.equal(
          (await signInFrom(env(), freshAddress(), email, 'wrong password!')).statusCode,
          401,
          `failure ${i} of a new window`,
        );
    });

    test('one address guessing across many accounts is locked after its limit of failures; other addresses are not', async () => {
      const address = freshAddress();
      for (let i = 1; i < 8; i++)
        assert.equal(
          (await signInFrom(env(), address, `guess-${i}-${crypto.randomUUID()}@example.com`, 'wrong password!'))
            .statusCode,
          401,
          `failure ${i}`,
        );
      assert.equal((await signInFrom(env(), address, `guess-8@example.com`, 'wrong password!')).statusCode, 429);
      const email = await createUser(env(), 'bystander');
      assert.equal(
        (await signInFrom(env(), address, email, TEST_PASSWORD)).statusCode,
        429,
        'the address is locked for every account',
      );
      assert.equal(
        (await signInFrom(env(), freshAddress(), email, TEST_PASSWORD)).statusCode,
        303,
        'the account itself is not',
      );
    });

    test('the count lives in the database, so another instance on it refuses too', async () => {
      const email = await createUser(env(), 'shared');
      for (let i = 0; i < 5; i++) await signInFrom(env(), freshAddress(), email, 'wrong password!');
      const other = await buildApp(env().ctx);
      try {
        const res = await new FormClient(other, { 'x-forwarded-for': freshAddress() }).submit('/signin', '/signin', {
          email,
          password: TEST_PASSWORD,
        });
        assert.equal(res.statusCode, 429);
      } finally {
        await other.close();
      }
      const rows = await env().ctx.db.query<{ failures: number }>(
        'SELECT failures FROM sign_in_attempts WHERE key = $1',
        [`account:${email.toLowerCase()}`],
      );
      assert.equal(rows[0].failures, 5);
    });

    test('the OAuth authorization sign-in counts and refuses the same way', async () => {
      const email = await createUser(env(), 'oauth-locked');
      const client = await registerOAuthClient(env());
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: client.redirectUri,
        code_challenge: s256(crypto.randomBytes(48).toString('base64url')),
        code_challenge_method: 'S256',
        scope: 'account:read',
        state: 's',
      });
      const page = await client.browser.get(`/oauth/authorize?${q}`);
      const fields = hiddenInputs(page.body, '/oauth/authorize/signin');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const password = i === 5 ? TEST_PASSWORD : 'wrong password!';
        const res = await client.browser.post('/oauth/authorize/signin', [
          ...fields,
          ['email', email],
          ['password', password],
        ]);
        statuses.push(res.status);
        if (res.status === 429) assert.ok(Number(res.headers.get('retry-after')) >= 1);
      }
      assert.deepEqual(statuses, [401, 401, 401, 401, 429, 429]);
    });

    test('an unknown email takes about as long to refuse as a wrong password for a real one', async () => {
      const email = await createUser(env(), 'timed');
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const time = async (who: string) => {
        const b = new FormClient(env().app, { 'x-forwarded-for': freshAddress() });
        await b.get('/signin');
        const t0 = performance.now();
        const res = await b.submit('/signin', '/signin', { email: who, password: 'wrong password!' });
        assert.equal(res.statusCode, 401);
        return performance.now() - t0;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        // Alternating, and different accounts for the known side never reach the lock.
        known.push(await time(i % 2 ? email : await createUser(env(), 'timed')));
        unknown.push(await time(`nobody-${crypto.randomUUID()}@example.com`));
      }
      const [k, u] = [median(known), median(unknown)];
      // Loose on purpose (a shared machine): without the dummy hash an unknown email answers many times faster.
      assert.ok(u > k / 3 && u < k * 3, `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    });
  },
  { env: THROTTLE_ENV },
);
