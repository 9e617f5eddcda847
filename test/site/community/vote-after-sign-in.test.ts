import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { hiddenInputs } from '../../support/http-browser.js';
import { dropVoteSettings } from '../../../src/domain/votes/vote-settings.js';

type Env = Parameters<Parameters<typeof describeEachDatabase>[1]>[0];
const votes = async (env: Env, slug: string) =>
  (await env().ctx.db.query<{ n: number }>('SELECT votes_count AS n FROM listings WHERE slug = $1', [slug]))[0].n;
/** A signed-out browser whose posts come from the site's own pages. */
const visitor = (env: Env) => new FormClient(env().app, { 'sec-fetch-site': 'same-origin' });
const signInWithPassword = (b: FormClient, email: string, next: string) =>
  b.submit(`/signin?next=${encodeURIComponent(next)}`, '/signin', { email, password: TEST_PASSWORD, next });

describeEachDatabase(
  'site: the vote survives signing in',
  (env) => {
    test('a signed-out upvote is cast by the password sign-in it leads to, and the listing says so', async () => {
      const email = await createUser(env(), 'later-voter');
      const b = visitor(env);
      const before = await votes(env, 'cafe-ledger');
      const asked = await b.submit('/p/cafe-ledger', '/p/cafe-ledger/vote', {});
      assert.equal(asked.statusCode, 303);
      assert.equal(asked.headers.location, '/signin?next=%2Fp%2Fcafe-ledger');
      assert.equal(await votes(env, 'cafe-ledger'), before, 'nothing counted before sign-in');
      const res = await signInWithPassword(b, email, '/p/cafe-ledger');
      assert.equal(res.headers.location, '/p/cafe-ledger');
      assert.equal(await votes(env, 'cafe-ledger'), before + 1);
      const page = await b.get('/p/cafe-ledger');
      assert.match(page.body, /your upvote is counted/);
      assert.match(page.body, /action="\/p\/cafe-ledger\/unvote"/);
      assert.doesNotMatch((await b.get('/p/cafe-ledger')).body, /your upvote is counted/, 'the notice shows once');
    });

    test("an unconfirmed account's upvote waits for its confirmation link, then is cast", async () => {
      const b = visitor(env);
      const email = `unconfirmed-${Date.now()}@example.com`;
      await b.submit('/p/rowboat', '/p/rowboat/vote', {});
      await b.submit('/signup?next=%2Fp%2Frowboat', '/signup', { email, password: TEST_PASSWORD, next: '/p/rowboat' });
      await signInWithPassword(b, email, '/p/rowboat'); // sign-up itself does not sign in
      assert.match((await b.get('/p/rowboat')).body, /Your upvote is waiting: it is cast as soon as you confirm/);
      const voted = async () =>
        (
          await env().ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM votes v JOIN users u ON u.id = v.user_id WHERE u.email = $1`,
            [email],
          )
        )[0].n;
      assert.equal(await voted(), 0);
      const mail = await env().ctx.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
      const link = new URL(/https?:\/\/\S+/.exec(mail[0].text_body)![0]);
      const confirmed = await b.get(link.pathname + link.search);
      assert.equal(confirmed.headers.location, '/p/rowboat');
      assert.equal(await voted(), 1);
      assert.match((await b.get('/p/rowboat')).body, /your upvote is (counted|recorded)/);
    });

    test('a signed-out upvote is cast when a new visitor signs up by a mailed link', async () => {
      const b = visitor(env);
      const email = `newcomer-${Date.now()}@example.com`;
      const before = await votes(env, 'quillnote');
      await b.submit('/p/quillnote', '/p/quillnote/vote', {});
      await b.submit('/signin?next=%2Fp%2Fquillnote', '/signin/email', { email, password: '', next: '/p/quillnote' });
      const [mail] = await env().ctx.db.query<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
      const link = /https?:\/\/[^/\s]+(\/signin\/email\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
      const page = await b.get(link);
      const fields = Object.fromEntries(hiddenInputs(page.body, '/signin/email/link').filter(([k]) => k !== '_csrf'));
      const res = await b.submit(link, '/signin/email/link', fields);
      assert.equal(res.headers.location, '/p/quillnote');
      assert.equal(await votes(env, 'quillnote'), before + 1, 'the link confirmed the address, so the vote counts');
      assert.match((await b.get('/p/quillnote')).body, /your upvote is counted/);
    });

    test("a card's upvote brings the voter back to the list it was on, which says what came of it", async () => {
      const email = await createUser(env(), 'card-voter');
      const b = visitor(env);
      const before = await votes(env, 'cafe-ledger');
      const asked = await b.submit('/', '/p/cafe-ledger/vote', { next: '/' });
      assert.equal(asked.headers.location, '/signin?next=%2F');
      const res = await signInWithPassword(b, email, '/');
      assert.equal(res.headers.location, '/');
      assert.equal(await votes(env, 'cafe-ledger'), before + 1);
      const home = (await b.get('/')).body;
      assert.match(
        home,
        /<p class="notice" role="status">You are signed in, and your upvote for Café Ledger is counted\.<\/p>/,
      );
      assert.doesNotMatch((await b.get('/')).body, /your upvote for/, 'the notice shows once');
      assert.doesNotMatch(
        (await b.get('/p/cafe-ledger')).body,
        /your upvote is counted/,
        'and only where they came back to',
      );
    });

    test("a card's upvote from a category page is told there, not on another list", async () => {
      const email = await createUser(env(), 'category-voter');
      const b = visitor(env);
      const [{ slug: category }] = await env().ctx.db.query<{ slug: string }>(
        `SELECT c.slug FROM categories c JOIN listings l ON l.primary_category_id = c.id WHERE l.slug = 'rowboat'`,
      );
      const list = `/categories/${category}`;
      await b.submit(list, '/p/rowboat/vote', { next: list });
      await signInWithPassword(b, email, list);
      assert.doesNotMatch((await b.get('/')).body, /your upvote for/);
      assert.match((await b.get(list)).body, /your upvote for [^<]+ is counted/);
    });

    test("a new account's kept upvote is held, and the page says until when", async () => {
      const email = await createUser(env(), 'young-voter');
      const { ctx } = env();
      await ctx.db.query('UPDATE users SET created_at = $2 WHERE email = $1', [email, ctx.now().toISOString()]);
      await ctx.db.query(
        `INSERT INTO site_settings (site_id, key, value) VALUES ($1, 'vote_hold_hours', '24'::jsonb)
         ON CONFLICT (site_id, key) DO UPDATE SET value = '24'::jsonb`,
        [ctx.site.id],
      );
      dropVoteSettings(ctx.db, ctx.site.id);
      try {
        const b = visitor(env);
        const before = await votes(env, 'quillnote');
        await b.submit('/p/quillnote', '/p/quillnote/vote', {});
        await signInWithPassword(b, email, '/p/quillnote');
        assert.equal(await votes(env, 'quillnote'), before, 'held, not counted yet');
        const until = new Date(ctx.now().getTime() + 24 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
        assert.match(
          (await b.get('/p/quillnote')).body,
          new RegExp(`your upvote is recorded\\. It is held until ${until} UTC, as the votes of new accounts are`),
        );
      } finally {
        await ctx.db.query(`DELETE FROM site_settings WHERE site_id = $1 AND key = 'vote_hold_hours'`, [ctx.site.id]);
        dropVoteSettings(ctx.db, ctx.site.id);
      }
    });

    test('a signed-out upvote from another site is refused and kept nowhere', async () => {
      const b = new FormClient(env().app, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
      const res = await b.submit('/p/cafe-ledger', '/p/cafe-ledger/vote', {});
      assert.equal(res.statusCode, 403);
      assert.equal(b.cookies.has('ld_pending'), false);
    });

    test('a kept upvote expires after 15 minutes', async () => {
      const email = await createUser(env(), 'slow-voter');
      const b = visitor(env);
      const before = await votes(env, 'quillnote');
      await b.submit('/p/quillnote', '/p/quillnote/vote', {});
      const then = env().clock.now;
      env().clock.now = new Date(then.getTime() + 16 * 60_000);
      await signInWithPassword(b, email, '/p/quillnote');
      env().clock.now = then;
      assert.equal(await votes(env, 'quillnote'), before);
    });

    test('a kept upvote is used once: its cookie replayed by another person casts nothing', async () => {
      const [first, second] = [await createUser(env(), 'first'), await createUser(env(), 'second')];
      const a = visitor(env);
      await a.submit('/p/cafe-ledger', '/p/cafe-ledger/vote', {});
      const stolen = a.cookies.get('ld_pending')!;
      const before = await votes(env, 'cafe-ledger');
      await signInWithPassword(a, first, '/p/cafe-ledger');
      assert.equal(await votes(env, 'cafe-ledger'), before + 1);
      const other = visitor(env);
      other.cookies.set('ld_pending', stolen);
      await signInWithPassword(other, second, '/p/cafe-ledger');
      assert.equal(await votes(env, 'cafe-ledger'), before + 1);
    });

    test('a kept upvote still obeys the per-account limit', async () => {
      const email = await createUser(env(), 'busy-later');
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      await env().ctx.db.query(
        `INSERT INTO votes (listing_id, user_id, created_at, launch_week, counted)
      SELECT l.id, $1, $2, DATE '1999-01-04' + g * 7, false FROM listings l CROSS JOIN generate_series(1, 30) g WHERE l.slug = 'secret-draft'`,
        [id, env().ctx.now().toISOString()],
      );
      const b = visitor(env);
      const before = await votes(env, 'rowboat');
      await b.submit('/p/rowboat', '/p/rowboat/vote', {});
      await signInWithPassword(b, email, '/p/rowboat');
      assert.equal(await votes(env, 'rowboat'), before);
      assert.match((await b.get('/p/rowboat')).body, /your upvote could not be cast/);
    });

    test('a signed-out follow is done after sign-in', async () => {
      const email = await createUser(env(), 'follower');
      const b = visitor(env);
      const asked = await b.submit('/p/cafe-ledger', '/p/cafe-ledger/follow', {});
      assert.equal(asked.headers.location, '/signin?next=%2Fp%2Fcafe-ledger');
      await signInWithPassword(b, email, '/p/cafe-ledger');
      const page = await b.get('/p/cafe-ledger');
      assert.match(page.body, /follow this launch/);
      assert.match(page.body, /action="\/p\/cafe-ledger\/unfollow"/);
    });

    test('a comment typed signed out is posted after sign-in', async () => {
      const email = await createUser(env(), 'commenter');
      const b = visitor(env);
      const asked = await b.submit('/p/cafe-ledger', '/p/cafe-ledger/comments', { body: 'Typed before signing in.' });
      assert.equal(asked.statusCode, 303);
      await signInWithPassword(b, email, '/p/cafe-ledger#comments');
      const page = await b.get('/p/cafe-ledger');
      assert.match(page.body, /your comment is posted/);
      assert.match(page.body, /Typed before signing in\./);
    });

    test('a reply typed signed out is posted under its comment after sign-in, and the discussion says so', async () => {
      const author = new FormClient(env().app);
      await signInWithPassword(author, await createUser(env(), 'first-word'), '/p/rowboat');
      await author.submit('/p/rowboat', '/p/rowboat/comments', { body: 'The first word.' });
      const [{ id: parent }] = await env().ctx.db.query<{ id: number }>(
        `SELECT id FROM comments WHERE body = 'The first word.'`,
      );
      const b = visitor(env);
      const page = (await b.get('/p/rowboat')).body;
      assert.match(
        page,
        new RegExp(`<input type="hidden" name="parent_id" value="${parent}">`),
        'signed out, Reply is offered',
      );
      const asked = await b.submit('/p/rowboat', '/p/rowboat/comments', {
        body: 'Answered before signing in.',
        parent_id: String(parent),
      });
      assert.equal(asked.headers.location, `/signin?next=${encodeURIComponent(`/p/rowboat#comment-${parent}`)}`);
      await signInWithPassword(b, await createUser(env(), 'replier'), `/p/rowboat#comment-${parent}`);
      const [reply] = await env().ctx.db.query<{ parent_id: number }>(
        `SELECT parent_id FROM comments WHERE body = 'Answered before signing in.'`,
      );
      assert.equal(reply.parent_id, parent);
      assert.match(
        (await b.get('/p/rowboat')).body,
        /<h2 id="comments-h">Discussion[\s\S]*?<\/h2><p class="notice" role="status">You are signed in, and your comment is posted\.<\/p>/,
      );
    });

    test('a review written signed out is published after sign-in', async () => {
      const email = await createUser(env(), 'reviewer');
      const b = visitor(env);
      const page = (await b.get('/p/cafe-ledger')).body;
      assert.match(
        page,
        /<form method="post" action="\/p\/cafe-ledger\/reviews" class="review-form" id="review-form">\s*\n\s*<fieldset/,
      );
      await b.submit('/p/cafe-ledger', '/p/cafe-ledger/reviews', { rating: '4', body: 'Kept through sign-in.' });
      await signInWithPassword(b, email, '/p/cafe-ledger#reviews');
      const after = (await b.get('/p/cafe-ledger')).body;
      assert.match(after, /your review is published/);
      assert.match(after, /Kept through sign-in\./);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
