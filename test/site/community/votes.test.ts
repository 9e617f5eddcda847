import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { signedIn } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { TEST_PASSWORD } from '../../support/credentials.js';

type Env = Parameters<Parameters<typeof describeEachDatabase>[1]>[0];
const votes = async (env: Env, slug: string) =>
  (await env().ctx.db.query<{ n: number }>('SELECT votes_count AS n FROM listings WHERE slug = $1', [slug]))[0].n;
const weekVotes = async (env: Env, slug: string) =>
  (await env().json('/api/v1/launches/weeks/this')).body.items.find((i: { slug: string }) => i.slug === slug)
    .week_votes as number;

describeEachDatabase(
  'site: voting',
  (env) => {
    test('a signed-out visitor sees the count and is asked to sign in, and comes back after', async () => {
      const page = await new FormClient(env().app).get('/p/cafe-ledger');
      assert.match(
        page.body,
        /<form class="vote-box" method="post" action="\/p\/cafe-ledger\/vote">\s*<button class="vote" aria-pressed="false"><span aria-hidden="true">▲<\/span> <span class="vote-label">Upvote<\/span> · <span class="vote-count">1<\/span>/,
      );
      const res = await env().app.inject({ method: 'POST', url: '/p/cafe-ledger/vote' });
      assert.ok(
        [303, 403].includes(res.statusCode),
        'no vote without a session, nor from a post that is not from the site',
      );
      assert.equal(await votes(env, 'cafe-ledger'), 1);
    });

    test('voting and taking the vote back move the count, the listing page and the week ranking', async () => {
      const { b } = await signedIn(env(), 'voter');
      const before = { total: await votes(env, 'cafe-ledger'), week: await weekVotes(env, 'cafe-ledger') };
      const res = await b.submit('/p/cafe-ledger', '/p/cafe-ledger/vote', {});
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/p/cafe-ledger');
      assert.equal(await votes(env, 'cafe-ledger'), before.total + 1);
      assert.equal(await weekVotes(env, 'cafe-ledger'), before.week + 1);
      const page = await b.get('/p/cafe-ledger');
      assert.match(page.body, /action="\/p\/cafe-ledger\/unvote"/);
      assert.match(
        page.body,
        /aria-pressed="true"><span aria-hidden="true">▲<\/span> <span class="vote-label">Upvoted<\/span> · <span class="vote-count">2<\/span>/,
      );
      await b.submit('/p/cafe-ledger', '/p/cafe-ledger/unvote', {});
      assert.equal(await votes(env, 'cafe-ledger'), before.total);
      assert.equal(await weekVotes(env, 'cafe-ledger'), before.week);
      assert.match((await b.get('/p/cafe-ledger')).body, /action="\/p\/cafe-ledger\/vote"/);
    });

    test('voting twice counts once', async () => {
      const { b } = await signedIn(env(), 'twice');
      const before = await votes(env, 'quillnote');
      await b.submit('/p/quillnote', '/p/quillnote/vote', {});
      const page = await b.get('/p/quillnote');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      await env().app.inject({
        method: 'POST',
        url: '/p/quillnote/vote',
        headers: {
          cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `_csrf=${token}`,
      });
      assert.equal(await votes(env, 'quillnote'), before + 1);
    });

    test('asked for JSON (the page script), a vote answers the new state instead of redirecting', async () => {
      const { b } = await signedIn(env(), 'script');
      const page = await b.get('/p/tablewise');
      const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
      const res = await env().app.inject({
        method: 'POST',
        url: '/p/tablewise/vote',
        headers: {
          accept: 'application/json',
          cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: `_csrf=${token}`,
      });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), {
        voted: true,
        counted: true,
        votes: await votes(env, 'tablewise'),
        held_until: null,
      });
    });

    test('a vote needs its CSRF token', async () => {
      const { b } = await signedIn(env(), 'nocsrf');
      const before = await votes(env, 'rowboat');
      assert.equal((await b.submit('/p/rowboat', '/p/rowboat/vote', {}, { csrf: false })).statusCode, 403);
      assert.equal(await votes(env, 'rowboat'), before);
    });

    test('an account whose email is not confirmed cannot vote', async () => {
      const b = new FormClient(env().app);
      const unconfirmedEmail = `unconfirmed-${Date.now()}@example.com`;
      await b.submit('/signup', '/signup', { email: unconfirmedEmail, password: TEST_PASSWORD });
      await b.submit('/signin', '/signin', { email: unconfirmedEmail, password: TEST_PASSWORD }); // sign-up itself does not sign in
      const before = await votes(env, 'rowboat');
      const res = await b.submit('/p/rowboat', '/p/rowboat/vote', {});
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Confirm your email first/);
      assert.equal(await votes(env, 'rowboat'), before);
    });

    test('a scheduled listing shows its count but takes no vote yet', async () => {
      const { b } = await signedIn(env(), 'early');
      const page = await b.get('/p/orbitly');
      assert.doesNotMatch(page.body, /action="\/p\/orbitly\/vote"/);
      const res = await b.submit('/p/orbitly', '/p/orbitly/vote', {});
      assert.equal(res.statusCode, 404);
    });

    test("the owner's own vote is shown to them but does not count", async () => {
      const { b, email } = await signedIn(env(), 'maker');
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      await env().ctx.db.query(
        `INSERT INTO listing_owners (listing_id, user_id, role) SELECT id, $1, 'owner' FROM listings WHERE slug = 'pipelane'`,
        [id],
      );
      const before = await votes(env, 'pipelane');
      await b.submit('/p/pipelane', '/p/pipelane/vote', {});
      assert.equal(await votes(env, 'pipelane'), before);
      assert.match((await b.get('/p/pipelane')).body, /action="\/p\/pipelane\/unvote"/);
    });

    test('an account that cast its votes for the minute is told to wait', async () => {
      const { b, email } = await signedIn(env(), 'busy');
      const [{ id }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
      await env().ctx.db.query(
        `INSERT INTO votes (listing_id, user_id, created_at, launch_week, counted)
      SELECT l.id, $1, $2, DATE '1999-01-04' + g * 7, false FROM listings l CROSS JOIN generate_series(1, 30) g WHERE l.slug = 'secret-draft'`,
        [id, env().ctx.now().toISOString()],
      );
      const res = await b.submit('/p/rowboat', '/p/rowboat/vote', {});
      assert.equal(res.statusCode, 429);
      assert.match(res.body, /Too many votes/);
    });

    test('every live card on the home page, search and category pages has a vote button that brings the voter back', async () => {
      const anonymous = await new FormClient(env().app).get('/search?q=quillnote');
      assert.match(
        anonymous.body,
        /action="\/p\/quillnote\/vote"><input type="hidden" name="next" value="\/search\?q=quillnote">/,
      );
      const { b } = await signedIn(env(), 'browser');
      const before = await votes(env, 'quillnote');
      const home = await b.get('/');
      assert.match(
        home.body,
        /<form class="votes-form" method="post" action="\/p\/quillnote\/vote" data-vote="quillnote">/,
      );
      const res = await b.submit('/', '/p/quillnote/vote', { next: '/categories/notes' });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, '/categories/notes');
      assert.equal(await votes(env, 'quillnote'), before + 1);
      assert.match(
        (await b.get('/categories/notes')).body,
        /action="\/p\/quillnote\/unvote" data-vote="quillnote">[\s\S]*?class="votes card-vote voted" aria-pressed="true"/,
      );
      assert.equal(
        (await b.submit('/', '/p/quillnote/unvote', { next: 'https://evil.example/' })).headers.location,
        '/p/quillnote',
        'never sent to another site',
      );
    });

    test('a page sets one CSRF secret however many forms it has, so each of its forms works', async () => {
      const { b } = await signedIn(env(), 'fresh-browser');
      for (const name of [...b.cookies.keys()]) if (name !== 'ld_session') b.cookies.delete(name);
      const page = await b.get('/p/rowboat');
      const setCookies = ([] as string[])
        .concat(page.headers['set-cookie'] ?? [])
        .filter((c) => c.startsWith('_csrf='));
      assert.equal(setCookies.length, 1);
      const tokens = new Set([...page.body.matchAll(/name="_csrf" value="([^"]+)"/g)].map((m) => m[1]));
      assert.equal(tokens.size, 1, 'one token serves every form of the page');
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
