import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { signedIn } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';
import { TEST_PASSWORD } from '../../support/credentials.js';
import { addListing } from '../../support/fixtures.js';

type Env = Parameters<Parameters<typeof describeEachDatabase>[1]>[0];
type Browser = FormClient;

/** Posts a comment (or a reply) from the listing page's form; returns the new comment's id. */
async function comment(b: Browser, slug: string, body: string, parentId?: number): Promise<number> {
  const res = await b.submit(`/p/${slug}`, `/p/${slug}/comments`, {
    body,
    ...(parentId ? { parent_id: String(parentId) } : {}),
  });
  assert.equal(res.statusCode, 303, res.body);
  const m = new RegExp(`^/p/${slug}#comment-(\\d+)$`).exec(String(res.headers.location));
  assert.ok(m, String(res.headers.location));
  return Number(m[1]);
}
/** The HTML of one comment's <li>, up to where the next comment (or the section) starts. */
const commentHtml = (page: string, id: number) => {
  const at = page.indexOf(`id="comment-${id}"`);
  assert.ok(at >= 0, `comment ${id} is on the page`);
  const start = page.lastIndexOf('<li', at);
  const next = page.slice(at).search(/<li class="comment|<\/section>/);
  return page.slice(start, at + next);
};
const discussion = (page: string) =>
  page.slice(
    page.indexOf('<section class="discussion"'),
    page.indexOf('</section>', page.indexOf('<section class="discussion"')),
  );
const userId = async (env: Env, email: string) =>
  (await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
/** Runs `fn` with the clock moved on by `minutes`, then puts it back. */
async function minutesLater<T>(env: Env, minutes: number, fn: () => Promise<T>): Promise<T> {
  const was = env().clock.now;
  env().clock.now = new Date(was.getTime() + minutes * 60_000);
  try {
    return await fn();
  } finally {
    env().clock.now = was;
  }
}

describeEachDatabase(
  'site: comments on launches',
  (env) => {
    test('anyone can read the discussion; a signed-out visitor gets a form that signs in first', async () => {
      const { b } = await signedIn(env(), 'reader');
      const id = await comment(b, 'cafe-ledger', 'Espresso counts are spot on.');
      const page = (await new FormClient(env().app).get('/p/cafe-ledger')).body;
      assert.match(
        page,
        /<section class="discussion" id="comments" aria-labelledby="comments-h">\s*<h2 id="comments-h">Discussion/,
      );
      assert.match(commentHtml(page, id), /Espresso counts are spot on\./);
      assert.match(discussion(page), /<form class="comment-form" method="post" action="\/p\/cafe-ledger\/comments">/);
      assert.match(discussion(page), /Sign in and post<\/button>/);
      assert.match(discussion(page), /<a href="\/signin\?next=%2Fp%2Fcafe-ledger%23comments">Sign in<\/a> first/);
      assert.doesNotMatch(discussion(page), /name="_csrf"/, 'the signed-out page is shared by every visitor');
    });

    test('a signed-out post goes to sign-in (or fails its CSRF check) and stores nothing', async () => {
      const before = (await env().ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments'))[0].n;
      const res = await env().app.inject({
        method: 'POST',
        url: '/p/cafe-ledger/comments',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'body=hi',
      });
      assert.ok([303, 403].includes(res.statusCode));
      if (res.statusCode === 303) assert.match(String(res.headers.location), /^\/signin\?next=/);
      assert.equal((await env().ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments'))[0].n, before);
    });

    test('a confirmed member comments and lands back on the comment, shown with its author, time and Markdown', async () => {
      const { b } = await signedIn(env(), 'writer');
      await env().ctx.db.query(`UPDATE users SET name = 'Wren Writer' WHERE email LIKE 'writer-%'`);
      const id = await comment(b, 'quillnote', 'I **love** the summaries.');
      const li = commentHtml((await b.get('/p/quillnote')).body, id);
      assert.match(li, /<span class="comment-author">Wren Writer<\/span>/);
      assert.match(
        li,
        /<a class="comment-time" href="#comment-\d+"><time datetime="2026-11-18T12:00:00.000Z">2026-11-18 12:00 UTC<\/time><\/a>/,
      );
      assert.match(li, /<div class="comment-body"><p>I <strong>love<\/strong> the summaries\.<\/p>/);
      assert.match(li, /You can edit or delete it until 12:15 UTC\./);
    });

    test("an author's name is never their full email address", async () => {
      const { b, email } = await signedIn(env(), 'private');
      const id = await comment(b, 'quillnote', 'Who am I?');
      const page = (await new FormClient(env().app).get('/p/quillnote')).body;
      assert.match(commentHtml(page, id), new RegExp(`<span class="comment-author">${email.split('@')[0]}</span>`));
      assert.equal(page.includes(email), false);
    });

    test('a reply sits under its comment; the reply form opens in a <details> and works without JavaScript', async () => {
      const { b } = await signedIn(env(), 'asker');
      const { b: other } = await signedIn(env(), 'answerer');
      const top = await comment(b, 'tablewise', 'Is there a free tier?');
      const page = (await other.get('/p/tablewise')).body;
      assert.match(
        commentHtml(page, top),
        new RegExp(
          `<details class="comment-reply"><summary>Reply<span class="sr-only"> to asker-[^<]+</span></summary>\\s*<form class="comment-form" method="post" action="/p/tablewise/comments"><input type="hidden" name="_csrf" value="[^"]+">\\s*<input type="hidden" name="parent_id" value="${top}">`,
        ),
      );
      const reply = await comment(other, 'tablewise', 'Yes: one database.', top);
      const after = (await b.get('/p/tablewise')).body;
      assert.match(commentHtml(after, top), /<ol class="replies" aria-label="Replies">$/);
      assert.match(commentHtml(after, reply), new RegExp(`^<li class="comment reply" id="comment-${reply}">`));
      assert.doesNotMatch(commentHtml(after, reply), /comment-reply/, 'replies take no replies of their own');
    });

    test('a comment needs its CSRF token', async () => {
      const { b } = await signedIn(env(), 'nocsrf');
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: 'Sneaky' }, { csrf: false });
      assert.equal(res.statusCode, 403);
      assert.doesNotMatch((await b.get('/p/rowboat')).body, /Sneaky/);
    });

    test('an account whose email is not confirmed cannot comment, and is told why', async () => {
      const b = new FormClient(env().app);
      const unconfirmedEmail = `unconfirmed-${Date.now()}@example.com`;
      await b.submit('/signup', '/signup', { email: unconfirmedEmail, password: TEST_PASSWORD });
      await b.submit('/signin', '/signin', { email: unconfirmedEmail, password: TEST_PASSWORD }); // sign-up itself does not sign in
      const page = (await b.get('/p/rowboat')).body;
      assert.match(discussion(page), /Confirm your email address to join the discussion/);
      assert.doesNotMatch(discussion(page), /<textarea/);
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: 'Let me in' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /<h1>Confirm your email first<\/h1>/);
      assert.doesNotMatch((await b.get('/p/rowboat')).body, /Let me in/);
    });

    test('a suspended account cannot comment, and is told why', async () => {
      const { b, email } = await signedIn(env(), 'suspended');
      await env().ctx.db.query(`UPDATE users SET suspended_at = now() WHERE email = $1`, [email]);
      assert.match(
        discussion((await b.get('/p/rowboat')).body),
        /A moderator suspended your account, so it cannot comment/,
      );
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: 'Still here' });
      assert.equal(res.statusCode, 403);
      assert.match(res.body, /Your account is suspended/);
    });

    test('a comment of 5001 characters comes back as a 400 naming the field, with the text kept', async () => {
      const { b } = await signedIn(env(), 'verbose');
      const text = `${'word '.repeat(1000)}!`;
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: text });
      assert.equal(res.statusCode, 400);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, /Comment text \(body\): The comment is 5001 characters long; it can be at most 5000\./);
      assert.match(
        res.body,
        /<textarea id="comment-body" name="body" rows="4" required aria-describedby="comment-body-hint comment-body-error" aria-invalid="true">word word/,
      );
      assert.ok(res.body.includes(`${'word '.repeat(999)}word !</textarea>`), 'the text is kept whole');
    });

    test('an empty comment is a 400 naming the field', async () => {
      const { b } = await signedIn(env(), 'silent');
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: '   ' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Comment text \(body\): The comment is empty/);
    });

    test('a reply to a comment that is not in the discussion is a 400 naming parent_id, offering to post it on its own', async () => {
      const { b } = await signedIn(env(), 'lost');
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', {
        body: 'Answering nothing',
        parent_id: '999999',
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Reply target \(parent_id\):/);
      assert.match(res.body, />Answering nothing<\/textarea>/);
      assert.doesNotMatch(res.body, /name="parent_id"/);
      assert.match(res.body, /Post as a new comment/);
    });

    test('the author edits within the window; the comment shows as edited', async () => {
      const { b } = await signedIn(env(), 'editor');
      const id = await comment(b, 'pipelane', 'Deploys in minuts');
      assert.match(
        commentHtml((await b.get('/p/pipelane')).body, id),
        new RegExp(`<form class="comment-form" method="post" action="/p/pipelane/comments/${id}/edit">`),
      );
      const res = await minutesLater(env, 10, () =>
        b.submit('/p/pipelane', `/p/pipelane/comments/${id}/edit`, { body: 'Deploys in minutes' }),
      );
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/p/pipelane#comment-${id}`);
      const li = commentHtml((await b.get('/p/pipelane')).body, id);
      assert.match(li, /<p>Deploys in minutes<\/p>/);
      assert.match(li, /<span class="comment-edited" title="Edited 2026-11-18 12:10 UTC">\(edited\)<\/span>/);
    });

    test('after the window the edit and delete buttons are gone, and a late edit is refused in plain words', async () => {
      const { b } = await signedIn(env(), 'late');
      const id = await comment(b, 'pipelane', 'Said and done');
      await minutesLater(env, 16, async () => {
        assert.doesNotMatch(commentHtml((await b.get('/p/pipelane')).body, id), /comment-edit|comment-delete/);
        const edit = await b.submit('/p/pipelane', `/p/pipelane/comments/${id}/edit`, { body: 'Undone' });
        assert.equal(edit.statusCode, 403);
        assert.match(edit.body, /<h1>Too late to change this comment<\/h1>/);
        assert.match(edit.body, /15 minutes after it is posted/);
        const del = await b.submit('/p/pipelane', `/p/pipelane/comments/${id}/delete`, {});
        assert.equal(del.statusCode, 403);
      });
      assert.match(commentHtml((await b.get('/p/pipelane')).body, id), /Said and done/);
    });

    test('only the author can edit or delete a comment', async () => {
      const { b } = await signedIn(env(), 'owner');
      const { b: other } = await signedIn(env(), 'intruder');
      const id = await comment(b, 'pipelane', 'My words');
      assert.doesNotMatch(commentHtml((await other.get('/p/pipelane')).body, id), /comment-edit|comment-delete/);
      for (const action of ['edit', 'delete']) {
        const res = await other.submit('/p/pipelane', `/p/pipelane/comments/${id}/${action}`, { body: 'Your words' });
        assert.equal(res.statusCode, 403);
        assert.match(res.body, /<h1>Not your comment<\/h1>/);
      }
      assert.match(commentHtml((await b.get('/p/pipelane')).body, id), /My words/);
    });

    test('a deleted comment with replies shows "[deleted]" and keeps its replies', async () => {
      const { b } = await signedIn(env(), 'regret');
      const { b: other } = await signedIn(env(), 'replier');
      const top = await comment(b, 'tablewise', 'Something I regret');
      const reply = await comment(other, 'tablewise', 'A fair reply', top);
      const res = await b.submit('/p/tablewise', `/p/tablewise/comments/${top}/delete`, {});
      assert.equal(res.statusCode, 303);
      const page = (await b.get('/p/tablewise')).body;
      assert.match(commentHtml(page, top), /<p class="comment-note">\[deleted\]<\/p>/);
      assert.doesNotMatch(page, /Something I regret/);
      assert.match(commentHtml(page, reply), /A fair reply/);
    });

    test('liking a comment counts once and can be taken back', async () => {
      const { b } = await signedIn(env(), 'liked');
      const { b: fan } = await signedIn(env(), 'fan');
      const id = await comment(b, 'quillnote', 'Like this');
      assert.equal((await fan.submit('/p/quillnote', `/p/quillnote/comments/${id}/like`, {})).statusCode, 303);
      await fan.submit('/p/quillnote', `/p/quillnote/comments/${id}/like`, {});
      let li = commentHtml((await fan.get('/p/quillnote')).body, id);
      assert.match(li, new RegExp(`action="/p/quillnote/comments/${id}/unlike"`));
      assert.match(
        li,
        /aria-pressed="true"><span aria-hidden="true">♥<\/span> Like · <span class="like-count">1<\/span><span class="sr-only"> like<\/span>/,
      );
      await fan.submit('/p/quillnote', `/p/quillnote/comments/${id}/unlike`, {});
      li = commentHtml((await fan.get('/p/quillnote')).body, id);
      assert.match(
        li,
        /aria-pressed="false"><span aria-hidden="true">♥<\/span> Like · <span class="like-count">0<\/span>/,
      );
    });

    test("the maker's comments are marked", async () => {
      const { b, email } = await signedIn(env(), 'maker');
      await env().ctx.db.query(
        `INSERT INTO listing_owners (listing_id, user_id, role) SELECT id, $1, 'owner' FROM listings WHERE slug = 'rowboat'`,
        [await userId(env, email)],
      );
      const { b: visitor } = await signedIn(env(), 'visitor');
      const mine = await comment(b, 'rowboat', 'Maker here, ask away.');
      const theirs = await comment(visitor, 'rowboat', 'Just a visitor.');
      const page = (await visitor.get('/p/rowboat')).body;
      assert.match(
        commentHtml(page, mine),
        /<li class="comment by-maker" id="comment-\d+">.*<span class="maker-mark" title="Works on this product">Maker<\/span>/s,
      );
      assert.doesNotMatch(commentHtml(page, theirs), /maker-mark/);
    });

    test('Newest and Top sort the discussion, and say which is chosen; a signed-out Top page is not the cached default page', async () => {
      const [{ b: x }, { b: y }, { b: z }] = [
        await signedIn(env(), 'sx'),
        await signedIn(env(), 'sy'),
        await signedIn(env(), 'sz'),
      ];
      const first = await comment(x, 'orbit-free', 'first');
      const second = await minutesLater(env, 1, () => comment(y, 'orbit-free', 'second'));
      await z.submit('/p/orbit-free', `/p/orbit-free/comments/${first}/like`, {});
      const anon = new FormClient(env().app);
      const order = (page: string) =>
        [...discussion(page).matchAll(/<li class="comment[^"]*" id="comment-(\d+)"/g)].map((m) => Number(m[1]));
      const newest = (await anon.get('/p/orbit-free')).body;
      assert.deepEqual(order(newest), [second, first]);
      assert.match(
        newest,
        /<nav class="comment-sort" aria-label="Sort comments"><a href="\/p\/orbit-free#comments" aria-current="true">Newest<\/a> <a href="\/p\/orbit-free\?comments=top#comments">Top<\/a><\/nav>/,
      );
      const top = (await anon.get('/p/orbit-free?comments=top')).body;
      assert.deepEqual(order(top), [first, second]);
      assert.match(top, /<a href="\/p\/orbit-free\?comments=top#comments" aria-current="true">Top<\/a>/);
      assert.deepEqual(
        order((await anon.get('/p/orbit-free')).body),
        [second, first],
        'the default page is still newest first',
      );
    });

    test('a form sent from the Top view comes back to the Top view', async () => {
      const { b } = await signedIn(env(), 'topview');
      const res = await b.submit('/p/orbit-free?comments=top', '/p/orbit-free/comments', {
        body: 'From the top',
        sort: 'top',
      });
      assert.equal(res.statusCode, 303);
      assert.match(String(res.headers.location), /^\/p\/orbit-free\?comments=top#comment-\d+$/);
    });

    test('a signed-out visitor sees a new comment at once (the cached page is dropped)', async () => {
      const anon = new FormClient(env().app);
      await anon.get('/p/cafe-ledger');
      await anon.get('/p/cafe-ledger');
      const { b } = await signedIn(env(), 'fresh');
      const id = await comment(b, 'cafe-ledger', 'Brand new remark');
      assert.match(commentHtml((await anon.get('/p/cafe-ledger')).body, id), /Brand new remark/);
    });

    test('script, event handlers and javascript: links in a comment are inert; links carry rel="nofollow ugc noopener"', async () => {
      const { b } = await signedIn(env(), 'xss');
      const payload = [
        '<script>alert(1)</script>',
        '<img src=x onerror="alert(2)">',
        '[click](javascript:alert(3))',
        '<a href="javascript:alert(4)">x</a>',
        'javascript:alert(5)',
        '[docs](https://docs.example/guide)',
      ].join('\n\n');
      const id = await comment(b, 'rowboat', payload);
      const li = commentHtml((await new FormClient(env().app).get('/p/rowboat')).body, id);
      assert.doesNotMatch(li, /<script|<img|href="javascript:/i);
      for (const tag of li.match(/<[a-z][^>]*>/gi) ?? [])
        assert.doesNotMatch(tag.replace(/"[^"]*"/g, '""'), /\son\w+\s*=/i, tag);
      assert.match(li, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
      assert.match(li, /<a href="https:\/\/docs\.example\/guide" rel="nofollow ugc noopener">docs<\/a>/);
      const links = li.match(/<a [^>]*>/g)!.filter((a) => !/comment-time|report-link/.test(a));
      assert.ok(links.length > 0 && links.every((a) => /rel="nofollow ugc noopener"/.test(a)), links.join('\n'));
    });

    test('a comment a moderator hid shows their note in its place and keeps its replies', async () => {
      const { b } = await signedIn(env(), 'rude');
      const { b: other } = await signedIn(env(), 'kind');
      const top = await comment(b, 'orbit-free', 'Something rude');
      const reply = await comment(other, 'orbit-free', 'Please be kind', top);
      await env().ctx.db.query('UPDATE comments SET hidden_at = now() WHERE id = $1', [top]);
      const page = (await new FormClient(env().app).get('/p/orbit-free')).body;
      assert.match(commentHtml(page, top), /<p class="comment-note">This comment was hidden by a moderator\.<\/p>/);
      assert.doesNotMatch(page, /Something rude/);
      assert.match(commentHtml(page, reply), /Please be kind/);
    });

    test('every comment shown has a Report link; the author is not offered one for their own', async () => {
      const { b } = await signedIn(env(), 'reported');
      const id = await comment(b, 'quillnote', 'Report me maybe');
      const link = `<a class="report-link small" href="/reports/new?kind=comment&amp;id=${id}" rel="nofollow">Report<span class="sr-only"> this comment</span></a>`;
      assert.ok(commentHtml((await new FormClient(env().app).get('/p/quillnote')).body, id).includes(link));
      assert.ok(!commentHtml((await b.get('/p/quillnote')).body, id).includes(link));
    });

    test('an account that posted its comments for the minute is told to wait, its text kept', async () => {
      const { b, email } = await signedIn(env(), 'chatty');
      await env().ctx.db.query(
        `INSERT INTO comments (listing_id, user_id, body, created_at) SELECT l.id, $1, 'hi', $2 FROM listings l CROSS JOIN generate_series(1, 10) WHERE l.slug = 'rowboat'`,
        [await userId(env, email), env().ctx.now().toISOString()],
      );
      const res = await b.submit('/p/rowboat', '/p/rowboat/comments', { body: 'One more thing' });
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers['retry-after'], '60');
      assert.match(res.body, /Too many comments at once/);
      assert.match(res.body, />One more thing<\/textarea>/);
    });

    test('a scheduled listing shows no comment form yet and takes no comments', async () => {
      const { b } = await signedIn(env(), 'early');
      assert.match(discussion((await b.get('/p/orbitly')).body), /The discussion opens when Orbitly launches\./);
      assert.equal((await b.submit('/p/orbitly', '/p/orbitly/comments', { body: 'Too soon' })).statusCode, 404);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
      // A listing of its own for the tests that look at the order of a whole discussion.
      await addListing(ctx.db, ctx.site.id, {
        slug: 'orbit-free',
        name: 'Orbit Free',
        tagline: 'Free orbits',
        category: 'design',
        launchWeek: '2026-11-16',
      });
    },
  },
);
