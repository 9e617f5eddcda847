import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../support/app.js';
import { admin, TEST_PASSWORD } from '../support/credentials.js';
import { addListing } from '../support/fixtures.js';
import { FormClient } from '../support/form-client.js';
import { changedTables, fingerprint } from '../support/db-fingerprint.js';

/**
 * Every state-changing form of the site refuses a POST without its CSRF token. The routes are
 * read from Fastify's own route table, so a form added later is covered without editing this file.
 */

// POST routes that are not browser forms: bearer-token APIs, signed webhooks, the OAuth
// endpoints clients call with their own credentials, and one-click unsubscribe, which mail clients
// post with no cookie (RFC 8058) and whose signed token is the proof (none of them reads the session cookie).
const NOT_FORMS = [/^\/api\/v1\//, /^\/mcp$/, /^\/webhooks\//, /^\/oauth\/(token|register|revoke)$/, /^\/unsubscribe$/];

/** Every POST route path, from app.printRoutes' tree (children print the rest of their parent's path). */
function postRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ method: 'POST', commonPrefix: false }).split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    if (m[3]?.split(', ').includes('POST')) paths.push(stack.join(''));
  }
  return paths;
}

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

describeEachDatabase('CSRF on every site form', (env) => {
  test('the route table yields the site forms, the known ones among them', () => {
    const forms = postRoutes(env().app).filter((p) => !NOT_FORMS.some((re) => re.test(p)));
    for (const known of [
      '/signin',
      '/signup',
      '/signout',
      '/forgot-password',
      '/reset-password',
      '/account/api-keys',
      '/p/:slug/vote',
      '/p/:slug/comments',
      '/oauth/authorize',
      '/oauth/authorize/signin',
      '/admin/settings',
      '/my/listings/:id',
    ]) {
      assert.ok(forms.includes(known), `${known} missing from ${forms.join(' ')}`);
    }
    assert.ok(forms.length >= 60, `only ${forms.length} forms found`);
  });

  test("each form refuses a POST without a token, or with another browser's token, with 403 and changes nothing", async () => {
    const { ctx } = env();
    await addListing(ctx.db, ctx.site.id, { slug: 'csrf-target', name: 'Csrf Target', status: 'live' });
    // An administrator, so no form turns the request away for lack of rights before the CSRF check could.
    const email = `csrf-admin-${crypto.randomUUID()}@example.com`;
    await admin(env(), ['create-user', '--email', email, '--password', TEST_PASSWORD, '--admin']);
    const victim = new FormClient(env().app);
    assert.equal((await victim.submit('/signin', '/signin', { email, password: TEST_PASSWORD })).statusCode, 303);
    await victim.get('/account'); // holds a CSRF cookie, as a browser that has seen a form does
    const attacker = new FormClient(env().app);
    const attackerPage = await attacker.get('/signin');
    const attackerToken = /name="_csrf" value="([^"]+)"/.exec(attackerPage.body)![1];

    const forms = postRoutes(env().app).filter((p) => !NOT_FORMS.some((re) => re.test(p)));
    const before = await fingerprint(env());
    const wrong: string[] = [];
    for (const path of forms) {
      const url = concrete(path).replace('/p/1/', '/p/csrf-target/');
      for (const token of [null, attackerToken]) {
        const body = new URLSearchParams({
          email,
          password: TEST_PASSWORD,
          name: 'x',
          body: 'x',
          decision: 'allow',
          value: '1',
        });
        if (token) body.set('_csrf', token);
        const res = await env().app.inject({
          method: 'POST',
          url,
          payload: body.toString(),
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: [...victim.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          },
        });
        if (res.statusCode !== 403)
          wrong.push(`${url} ${token ? "(another browser's token)" : '(no token)'} → ${res.statusCode}`);
      }
    }
    assert.deepEqual(wrong, [], 'every form must answer 403');
    const after = await fingerprint(env());
    assert.deepEqual(changedTables(before, after), [], 'no table changed');
  });
});
