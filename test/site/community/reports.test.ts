import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { signedIn } from '../../support/signed-in.js';

const listingId = async (env: TestEnv, slug: string) =>
  (await env.ctx.db.query<{ id: number }>('SELECT id FROM listings WHERE slug = $1', [slug]))[0].id;
const adminBrowser = async (env: TestEnv) => {
  const s = await signedIn(env, 'moderator');
  await env.ctx.db.query('UPDATE users SET is_admin = true WHERE email = $1', [s.email]);
  return s;
};

describeEachDatabase(
  'site: reports and moderation',
  (env) => {
    test('a report needs a reason, and "something else" needs a few words; the form keeps what was typed', async () => {
      const { b } = await signedIn(env(), 'reporter');
      const id = await listingId(env(), 'rowboat');
      const form = `/reports/new?kind=listing&id=${id}`;
      assert.match((await b.get(form)).body, /Report this listing[\s\S]*Rowboat/);
      const none = await b.submit(form, '/reports', { kind: 'listing', id: String(id), details: 'kept text' });
      assert.equal(none.statusCode, 400);
      assert.match(none.body, /Reason: must be one of spam, abuse, misleading, illegal, other/);
      assert.match(none.body, />kept text<\/textarea>/);
      const other = await b.submit(form, '/reports', { kind: 'listing', id: String(id), reason: 'other', details: '' });
      assert.equal(other.statusCode, 400);
      assert.match(other.body, /Details: say what is wrong/);
    });

    test('only what anyone can see can be reported; garbage addresses are a 404, never an error', async () => {
      const { b } = await signedIn(env(), 'curious');
      assert.equal(
        (await b.get(`/reports/new?kind=listing&id=${await listingId(env(), 'secret-draft')}`)).statusCode,
        404,
      );
      for (const q of [
        'kind=listing&id=abc',
        'kind=bogus&id=1',
        'kind=listing&id=99999999999',
        'kind=review&id=0',
        '',
      ]) {
        assert.equal((await b.get(`/reports/new?${q}`)).statusCode, 404, q);
      }
    });

    test('a report reaches the queue; hiding the listing takes it off every public page until it is restored, and the log says who and why', async () => {
      const { b } = await signedIn(env(), 'witness');
      const { b: admin, email: adminEmail } = await adminBrowser(env());
      const id = await listingId(env(), 'rowboat');
      const form = `/reports/new?kind=listing&id=${id}`;
      const sent = await b.submit(form, '/reports', {
        kind: 'listing',
        id: String(id),
        reason: 'misleading',
        details: 'Claims features it lacks',
      });
      assert.match(sent.body, /Thank you/);
      await b.submit(form, '/reports', {
        kind: 'listing',
        id: String(id),
        reason: 'spam',
        details: 'Changed my mind: spam',
      });
      const queue = await admin.get('/admin/moderation');
      assert.match(
        queue.body,
        /<strong>Rowboat<\/strong>[\s\S]*?1 report<\/span>/,
        'reporting again updates the one report',
      );
      assert.match(queue.body, /Spam or advertising<\/strong>: Changed my mind: spam/);

      const refused = await admin.submit('/admin/moderation', '/admin/moderation', {
        action: 'hide',
        kind: 'listing',
        id: String(id),
        reason: '',
      });
      assert.equal(refused.statusCode, 400);
      assert.equal((await env().get('/p/rowboat')).statusCode, 200, 'nothing happens without a reason');

      const hidden = await admin.submit('/admin/moderation', '/admin/moderation', {
        action: 'hide',
        kind: 'listing',
        id: String(id),
        reason: 'Spam listing',
      });
      assert.equal(hidden.statusCode, 200);
      assert.match(hidden.body, /Rowboat is hidden/);
      assert.match(hidden.body, /Nothing reported/, 'the report is closed');
      assert.equal((await env().get('/p/rowboat')).statusCode, 404);
      assert.equal((await env().json('/api/v1/listings/rowboat')).status, 404);
      assert.equal((await env().json('/api/v1/listings?q=rowboat')).body.items.length, 0);
      assert.match(
        hidden.body,
        new RegExp(
          `${adminEmail.replace(/[.+]/g, '\\$&')}</td>[\\s\\S]*?Hid listing #${id}</td><td data-label="Why">Spam listing`,
        ),
      );

      const restored = await admin.submit('/admin/moderation', '/admin/moderation', {
        action: 'restore',
        kind: 'listing',
        id: String(id),
        reason: 'Appeal accepted',
      });
      assert.match(restored.body, /Rowboat is shown again/);
      assert.equal((await env().get('/p/rowboat')).statusCode, 200);
      assert.equal((await env().json('/api/v1/listings/rowboat')).body.status, 'live');
    });

    test('dismissing reports closes them without touching the listing', async () => {
      const { b } = await signedIn(env(), 'grumpy');
      const { b: admin } = await adminBrowser(env());
      const id = await listingId(env(), 'pipelane');
      await b.submit(`/reports/new?kind=listing&id=${id}`, '/reports', {
        kind: 'listing',
        id: String(id),
        reason: 'abuse',
      });
      const done = await admin.submit('/admin/moderation', '/admin/moderation', {
        action: 'dismiss',
        kind: 'listing',
        id: String(id),
        reason: 'Nothing wrong',
      });
      assert.match(done.body, /1 report on Pipelane dismissed/);
      assert.equal((await env().get('/p/pipelane')).statusCode, 200);
    });

    test('a suspended account cannot vote or report until the suspension is lifted', async () => {
      const { b, email } = await signedIn(env(), 'troll');
      const { b: admin } = await adminBrowser(env());
      const suspended = await admin.submit('/admin/moderation', '/admin/moderation/accounts', {
        action: 'suspend',
        email,
        reason: 'Vote ring',
      });
      assert.match(suspended.body, /is suspended/);
      const vote = await b.submit('/p/tablewise', '/p/tablewise/vote', {});
      assert.equal(vote.statusCode, 403);
      assert.match(vote.body, /suspended/);
      assert.equal(
        (await b.get(`/reports/new?kind=listing&id=${await listingId(env(), 'tablewise')}`)).statusCode,
        403,
      );
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      const lifted = await admin.submit('/admin/moderation', '/admin/moderation/accounts', {
        action: 'unsuspend',
        user_id: String(id),
        reason: 'Appeal',
      });
      assert.match(lifted.body, /may take part again/);
      assert.equal((await b.submit('/p/tablewise', '/p/tablewise/vote', {})).statusCode, 303);
    });

    test('an administrator cannot suspend their own account', async () => {
      const { b: admin, email } = await adminBrowser(env());
      const res = await admin.submit('/admin/moderation', '/admin/moderation/accounts', {
        action: 'suspend',
        email,
        reason: 'Oops',
      });
      assert.equal(res.statusCode, 400);
    });

    test('moderation forms need their CSRF token', async () => {
      const { b: admin } = await adminBrowser(env());
      const id = await listingId(env(), 'quillnote');
      const res = await admin.submit(
        '/admin/moderation',
        '/admin/moderation',
        { action: 'hide', kind: 'listing', id: String(id), reason: 'No token' },
        { csrf: false },
      );
      assert.equal(res.statusCode, 403);
      assert.equal((await env().get('/p/quillnote')).statusCode, 200);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
