import { test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../support/app.js';
import { seedPublicWorld, WEEK } from '../support/public-world.js';
import { signedIn } from '../support/signed-in.js';
import { listingChanged } from '../../src/domain/listings/listing-changes.js';
import { LISTINGS_CHANNEL, profileCacheKey } from '../../src/domain/listings/listing-cache.js';
import { launchScheduledListings } from '../../src/domain/free-queue/launch-scheduler.js';
import { saveBlogPost } from '../../src/domain/blog/blog-edits.js';

/** The vote count a page shows on a listing's card (or, on its own page, its vote button). */
function shownVotes(page: string, slug: string): number {
  const card = page.indexOf(`href="/p/${slug}"`);
  const at = card >= 0 ? card : page.indexOf('class="vote-box"');
  assert.ok(at >= 0, `${slug} is on the page`);
  const m = /<span class="vote-count">(\d+)<\/span>/.exec(page.slice(at));
  assert.ok(m, `a vote count follows ${slug}`);
  return Number(m[1]);
}
const anonymous = (env: () => TestEnv, url: string, headers: Record<string, string> = {}) => env().get(url, headers);
const listingId = async (env: () => TestEnv, slug: string) =>
  (await env().ctx.db.query<{ id: number }>('SELECT id FROM listings WHERE slug = $1', [slug]))[0].id;

/** Runs `fn` at `at` on the app clock, then puts the clock back. */
async function at<T>(env: () => TestEnv, when: string, fn: () => Promise<T>): Promise<T> {
  const was = env().clock.now;
  env().clock.now = new Date(when);
  try {
    return await fn();
  } finally {
    env().clock.now = was;
  }
}

describeEachDatabase(
  'site: public pages rendered once and kept until what they show changes',
  (env) => {
    test('a signed-out visitor gets the same stored copy and validator each time, and a 304 when it has it', async () => {
      const first = await anonymous(env, '/leaderboards');
      const second = await anonymous(env, '/leaderboards');
      assert.equal(first.statusCode, 200);
      assert.equal(second.body, first.body);
      const etag = String(first.headers.etag);
      assert.match(etag, /^W\/"[\w-]+"$/);
      assert.equal(second.headers.etag, etag);
      assert.equal(first.headers['cache-control'], 'no-cache');
      const again = await anonymous(env, '/leaderboards', { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, etag);
      assert.equal((await anonymous(env, '/leaderboards', { 'if-none-match': 'W/"other"' })).statusCode, 200);
    });

    test('the stored copy comes in the coding the visitor prefers, and reads the same', async () => {
      const plain = await anonymous(env, '/categories');
      const br = await anonymous(env, '/categories', { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await anonymous(env, '/categories', { 'accept-encoding': 'br;q=0.5, gzip' });
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.equal(zlib.brotliDecompressSync(br.rawPayload).toString(), plain.body);
      assert.equal(zlib.gunzipSync(gzip.rawPayload).toString(), plain.body);
      for (const res of [plain, br, gzip]) assert.match(String(res.headers.vary), /Accept-Encoding/i);
      assert.equal(br.headers.etag, plain.headers.etag);
    });

    test('a stored copy never holds a CSRF token nor anything of the signed-in person whose visit drew it', async () => {
      const { b, email } = await signedIn(env(), 'first-visitor');
      // The signed-in visit is the first to these addresses: it draws the copies that are kept.
      for (const url of ['/launches?section=most-voted', '/categories/productivity']) {
        const own = await b.get(url);
        assert.match(own.body, /name="_csrf"/, `${url}: the signed-in page has its vote forms`);
        assert.match(own.body, /href="\/account">Account<\/a>/);
        assert.equal(own.headers['cache-control'], 'private, no-cache');
        const kept = (await anonymous(env, url)).body;
        assert.doesNotMatch(kept, /_csrf|csrf/i, url);
        assert.doesNotMatch(kept, new RegExp(email.split('@')[0]), url);
        assert.doesNotMatch(kept, /href="\/account"|class="top signed-in"|data-vote=|aria-pressed="true"/, url);
        assert.match(kept, /<a href="\/signin">Sign in<\/a>/, url);
        // The signed-out vote form: no token, kept through sign-in.
        assert.match(
          kept,
          /<form class="votes-form" method="post" action="\/p\/[^"]+\/vote"><input type="hidden" name="next"/,
          url,
        );
      }
    });

    test("a signed-in page shows its own person's votes and token, never another's", async () => {
      const a = await signedIn(env(), 'voter-a');
      const other = await signedIn(env(), 'voter-b');
      assert.equal((await a.b.submit('/p/quillnote', '/p/quillnote/vote', {})).statusCode, 303);
      const pageA = (await a.b.get('/')).body;
      const pageB = (await other.b.get('/')).body;
      const card = (page: string) =>
        page.slice(
          page.indexOf('action="/p/quillnote/'),
          page.indexOf('</form>', page.indexOf('action="/p/quillnote/')),
        );
      assert.match(card(pageA), /^action="\/p\/quillnote\/unvote"[\s\S]*aria-pressed="true"/);
      assert.match(card(pageB), /^action="\/p\/quillnote\/vote"[\s\S]*aria-pressed="false"/);
      const token = (page: string) => /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
      assert.ok(token(pageA) && token(pageB));
      assert.notEqual(token(pageA), token(pageB));
      assert.ok(!pageB.includes(token(pageA)!), "B's page never carries A's token");
      assert.equal(shownVotes(pageA, 'quillnote'), shownVotes(pageB, 'quillnote'));
    });

    test('a vote shows on the next page anyone opens: lists and the listing page', async () => {
      const before = {
        home: shownVotes((await anonymous(env, '/')).body, 'cafe-ledger'),
        category: shownVotes((await anonymous(env, '/categories/productivity')).body, 'cafe-ledger'),
        listing: shownVotes((await anonymous(env, '/p/cafe-ledger')).body, 'cafe-ledger'),
      };
      const etag = (await anonymous(env, '/')).headers.etag;
      const { b } = await signedIn(env(), 'late-voter');
      assert.equal((await b.submit('/p/cafe-ledger', '/p/cafe-ledger/vote', {})).statusCode, 303);
      const home = await anonymous(env, '/');
      assert.equal(shownVotes(home.body, 'cafe-ledger'), before.home + 1);
      assert.notEqual(home.headers.etag, etag);
      assert.equal(
        (await anonymous(env, '/', { 'if-none-match': String(etag) })).statusCode,
        200,
        'the old copy is not confirmed',
      );
      assert.equal(
        shownVotes((await anonymous(env, '/categories/productivity')).body, 'cafe-ledger'),
        before.category + 1,
      );
      assert.equal(shownVotes((await anonymous(env, '/p/cafe-ledger')).body, 'cafe-ledger'), before.listing + 1);
    });

    test('an edit shows at once', async () => {
      assert.match((await anonymous(env, '/categories/databases')).body, /Postgres hosting for small teams/);
      await env().ctx.db.query(
        `UPDATE companies SET tagline = 'Branchable Postgres' WHERE id = (SELECT company_id FROM listings WHERE slug = 'tablewise')`,
      );
      // What every write path does after writing: announce it.
      await listingChanged(env().ctx.db, await listingId(env, 'tablewise'));
      const page = (await anonymous(env, '/categories/databases')).body;
      assert.match(page, /Branchable Postgres/);
      assert.match((await anonymous(env, '/p/tablewise')).body, /Branchable Postgres/);
    });

    test('a change to a listing shows on the listing pages that show it as an alternative', async () => {
      assert.match((await anonymous(env, '/p/tablewise')).body, /Continuous delivery pipelines in minutes/);
      await env().ctx.db.query(
        `UPDATE companies SET tagline = 'Pipelines, renamed' WHERE id = (SELECT company_id FROM listings WHERE slug = 'pipelane')`,
      );
      await listingChanged(env().ctx.db, await listingId(env, 'pipelane'));
      const page = (await anonymous(env, '/p/tablewise')).body;
      assert.match(page, /Pipelines, renamed/);
    });

    test("a comment shows on the listing page's stored copy at once", async () => {
      assert.doesNotMatch((await anonymous(env, '/p/quillnote')).body, /Kept pages are fast/);
      const { b } = await signedIn(env(), 'commenter');
      const res = await b.submit('/p/quillnote', '/p/quillnote/comments', { body: 'Kept pages are fast.' });
      assert.equal(res.statusCode, 303);
      assert.match((await anonymous(env, '/p/quillnote')).body, /Kept pages are fast\./);
    });

    test('a new blog post shows at once', async () => {
      assert.doesNotMatch((await anonymous(env, '/blog')).body, /Fresh off the press/);
      const { ctx } = env();
      const saved = await saveBlogPost(
        ctx.db,
        ctx.site.id,
        null,
        {
          slug: 'fresh-post',
          title: 'Fresh off the press',
          excerpt: 'New.',
          body_markdown: 'New.',
          author_name: 'Team',
          tags: [],
          published: true,
          publishedAt: '2026-11-15T10:00:00Z',
        },
        [],
        ctx.now(),
      );
      assert.ok(saved?.ok);
      assert.match((await anonymous(env, '/blog')).body, /Fresh off the press/);
    });

    test('a change made on another instance shows as soon as it is told through the database', async () => {
      const { ctx } = env();
      assert.match((await anonymous(env, '/categories/databases')).body, /Spreadsheets on top of your database/);
      assert.match((await anonymous(env, '/p/rowboat')).body, /Spreadsheets on top of your database/);
      // Another instance edits the listing and NOTIFYs; only that message can reach this instance.
      await ctx.db.query(
        `UPDATE companies SET tagline = 'Rows told by NOTIFY' WHERE id = (SELECT company_id FROM listings WHERE slug = 'rowboat')`,
      );
      await ctx.db.query('SELECT pg_notify($1, $2)', [LISTINGS_CHANNEL, profileCacheKey(ctx.site.id, 'rowboat')]);
      let page = '';
      for (let i = 0; i < 50 && !page.includes('told by NOTIFY'); i++) {
        await new Promise((r) => setTimeout(r, 20));
        page = (await anonymous(env, '/categories/databases')).body;
      }
      assert.match(page, /Rows told by NOTIFY/);
      assert.match((await anonymous(env, '/p/rowboat')).body, /Rows told by NOTIFY/);
    });

    test('a launch going live shows on the next request', async () => {
      const launchedThisWeek = async () =>
        Number(/<strong>(\d+)<\/strong> this week/.exec((await anonymous(env, '/')).body)?.[1]);
      // Monday of the next week, before the scheduler has run: Orbitly is still scheduled.
      await at(env, `${WEEK.next}T00:05:00Z`, async () => {
        assert.equal(await launchedThisWeek(), 0);
        assert.deepEqual(await launchScheduledListings(env().ctx), ['orbitly']);
        assert.equal(await launchedThisWeek(), 1);
      });
    });

    test('the week rolls over at midnight UTC', async () => {
      const weekOf = async () =>
        /<h1>Launches of the week of (\d{4}-\d{2}-\d{2})<\/h1>/.exec(
          (await anonymous(env, '/launches/weeks/this')).body,
        )?.[1];
      const homeWeek = async () =>
        /<h2 id="week-h">This week's top launches<\/h2>\s*<p class="small muted"><time datetime="(\d{4}-\d{2}-\d{2})">/.exec(
          (await anonymous(env, '/')).body,
        )?.[1];
      await at(env, '2026-11-22T23:59:59Z', async () => {
        assert.equal(await weekOf(), WEEK.this);
        assert.equal(await homeWeek(), WEEK.this);
      });
      await at(env, '2026-11-23T00:00:00Z', async () => {
        assert.equal(await weekOf(), WEEK.next);
        assert.equal(await homeWeek(), WEEK.next);
      });
      assert.equal(env().clock.now.getTime(), FIXED_NOW.getTime());
    });
  },
  // Pages are kept only while list answers are (READ_CACHE_SECONDS): long enough to outlast the suite.
  {
    env: { READ_CACHE_SECONDS: '300' },
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
