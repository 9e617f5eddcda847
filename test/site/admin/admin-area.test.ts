import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { signedIn } from '../../support/signed-in.js';
import { FormClient } from '../../support/form-client.js';

const makeAdmin = async (env: TestEnv, email: string) => {
  await env.ctx.db.query('UPDATE users SET is_admin = true WHERE email = $1', [email]);
};
const adminBrowser = async (env: TestEnv) => {
  const s = await signedIn(env, 'admin');
  await makeAdmin(env, s.email);
  return s;
};
const votes = async (env: TestEnv, slug: string) =>
  (await env.ctx.db.query<{ n: number }>('SELECT votes_count AS n FROM listings WHERE slug = $1', [slug]))[0].n;
const PAGES = ['/admin', '/admin/moderation', '/admin/votes', '/admin/settings'];

describeEachDatabase(
  'site: the admin area',
  (env) => {
    test('signed-out visitors are sent to sign in, and back', async () => {
      for (const path of PAGES) {
        const res = await new FormClient(env().app).get(path);
        assert.equal(res.statusCode, 303, path);
        assert.equal(res.headers.location, `/signin?next=${encodeURIComponent(path)}`);
      }
    });

    test('people who are not administrators get a 403 page and no Admin link', async () => {
      const { b } = await signedIn(env(), 'someone');
      for (const path of PAGES) assert.equal((await b.get(path)).statusCode, 403, path);
      assert.doesNotMatch((await b.get('/')).body, /href="\/admin"/);
    });

    test('administrators see an Admin link in the header and an overview of what needs attention', async () => {
      const { b } = await adminBrowser(env());
      assert.match((await b.get('/')).body, /<a href="\/admin">Admin<\/a>/);
      const home = await b.get('/admin');
      assert.equal(home.statusCode, 200);
      assert.match(home.body, /reported items? waiting/);
      for (const href of [
        '/admin/moderation',
        '/admin/votes',
        '/admin/settings',
        '/admin/orders',
        '/admin/listing-versions',
      ])
        assert.match(home.body, new RegExp(`href="${href}"`));
    });

    test('settings are saved, and a value out of bounds is refused naming the field with nothing saved', async () => {
      const { b } = await adminBrowser(env());
      const fields = {
        free_queue_min_weeks: '5',
        free_queue_max_weeks: '9',
        free_queue_week_capacity: '12',
        free_queue_max_waiting_per_user: '2',
        vote_hold_hours: '48',
        votes_per_minute_per_account: '20',
        votes_per_minute_per_address: '40',
      };
      const saved = await b.submit('/admin/settings', '/admin/settings', fields);
      assert.equal(saved.statusCode, 200);
      assert.match(saved.body, /Settings saved/);
      const stored = await env().ctx.db.query<{ key: string; value: number }>(
        `SELECT key, value FROM site_settings WHERE key IN ('vote_hold_hours', 'free_queue_week_capacity') ORDER BY key`,
      );
      assert.deepEqual(
        stored.map((r) => [r.key, r.value]),
        [
          ['free_queue_week_capacity', 12],
          ['vote_hold_hours', 48],
        ],
      );
      const bad = await b.submit('/admin/settings', '/admin/settings', {
        ...fields,
        vote_hold_hours: '-1',
        free_queue_week_capacity: '99',
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /id="err-vote_hold_hours">Must be a whole number from 0 to 2160/);
      assert.equal(
        (
          await env().ctx.db.query<{ value: number }>(
            `SELECT value FROM site_settings WHERE key = 'free_queue_week_capacity'`,
          )
        )[0].value,
        12,
      );
      const reversed = await b.submit('/admin/settings', '/admin/settings', {
        ...fields,
        free_queue_min_weeks: '8',
        free_queue_max_weeks: '6',
      });
      assert.equal(reversed.statusCode, 400);
      assert.match(reversed.body, /Must not be earlier than the earliest week/);
      await b.submit('/admin/settings', '/admin/settings', { ...fields, vote_hold_hours: '0' });
    });

    test("with a vote hold set, a new account's vote is held and says so; the count moves once it is released", async () => {
      const { b: admin } = await adminBrowser(env());
      const fields = {
        free_queue_min_weeks: '6',
        free_queue_max_weeks: '8',
        free_queue_week_capacity: '20',
        free_queue_max_waiting_per_user: '3',
        votes_per_minute_per_account: '30',
        votes_per_minute_per_address: '60',
      };
      await admin.submit('/admin/settings', '/admin/settings', { ...fields, vote_hold_hours: '24' });
      try {
        const { b } = await signedIn(env(), 'newcomer');
        const before = await votes(env(), 'quillnote');
        const page = await b.get('/p/quillnote');
        const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1];
        const res = await env().app.inject({
          method: 'POST',
          url: '/p/quillnote/vote',
          headers: {
            accept: 'application/json',
            cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: `_csrf=${token}`,
        });
        const result = res.json();
        assert.equal(result.counted, false);
        assert.ok(result.held_until, 'the answer says until when the vote is held');
        assert.equal(await votes(env(), 'quillnote'), before);
        assert.match((await admin.get('/admin')).body, /<span class="big">1<\/span> vote held for a young account/);
        const { countReleasedVotes } = await import('../../../src/jobs/scheduler.js');
        const clock = env().clock.now;
        env().clock.now = new Date(new Date(result.held_until).getTime() + 1000);
        try {
          await countReleasedVotes(env().ctx);
        } finally {
          env().clock.now = clock;
        }
        assert.equal(await votes(env(), 'quillnote'), before + 1);
      } finally {
        await admin.submit('/admin/settings', '/admin/settings', { ...fields, vote_hold_hours: '0' });
      }
    });

    test('an administrator voids a cluster of votes with a reason, and the boards no longer count them', async () => {
      const { b: admin } = await adminBrowser(env());
      const db = env().ctx.db;
      const [{ id: listingId }] = await db.query<{ id: number }>(`SELECT id FROM listings WHERE slug = 'cafe-ledger'`);
      for (let i = 0; i < 3; i++) {
        const [{ id }] = await db.query<{ id: number }>(
          `INSERT INTO users (email, email_verified_at) VALUES ($1, now()) RETURNING id`,
          [`sock-${i}-${Math.random()}@test.invalid`],
        );
        await db.query(
          `INSERT INTO votes (listing_id, user_id, created_at, launch_week, ip) VALUES ($1, $2, $3, '2026-11-16', '192.0.2.99')`,
          [listingId, id, new Date(env().clock.now.getTime() - 60_000 + i).toISOString()],
        );
      }
      await db.query(`UPDATE listings SET votes_count = votes_count + 3 WHERE id = $1`, [listingId]);
      const board = async (name: string) =>
        (await env().json(`/api/v1/leaderboards/${name}?per_page=100`)).body.items.find(
          (i: { listing: { slug: string } }) => i.listing.slug === 'cafe-ledger',
        ).metric.value as number;
      const weekRanking = async () =>
        (await env().json('/api/v1/launches/weeks/this')).body.items.find(
          (i: { slug: string }) => i.slug === 'cafe-ledger',
        ).week_votes as number;
      const before = {
        votes: await votes(env(), 'cafe-ledger'),
        allTime: await board('community-all-time'),
        weekly: await board('community-weekly'),
        week: await weekRanking(),
      };
      const page = await admin.get('/admin/votes');
      assert.match(page.body, /3 votes from <code>192\.0\.2\.99<\/code>/);
      const ids = [...page.body.matchAll(/<input type="hidden" name="vote" value="(\d+)">/g)].map((m) => m[1]);
      const refused = await admin.submit('/admin/votes', '/admin/votes/void', {
        listing: 'cafe-ledger',
        vote: ids,
        reason: '',
      });
      assert.equal(refused.statusCode, 400, 'a reason is required');
      const done = await admin.submit('/admin/votes', '/admin/votes/void', {
        listing: 'cafe-ledger',
        vote: ids,
        reason: 'Three accounts, one address, one minute',
      });
      assert.equal(done.statusCode, 200);
      assert.match(done.body, /3 votes voided/);
      assert.equal(await votes(env(), 'cafe-ledger'), before.votes - 3);
      assert.equal(await board('community-all-time'), before.allTime - 3);
      assert.equal(await board('community-weekly'), before.weekly - 3);
      assert.equal(await weekRanking(), before.week - 3);
      assert.match(done.body, /Nothing suspicious/, 'the cluster is gone once dealt with');
      assert.match(
        done.body,
        /192\.0\.2\.99<\/td><td data-label="Cast">[^<]+<\/td>\s*<td data-label="State">voided: Three accounts/,
        'the voided votes stay on record',
      );
      const log = await admin.get('/admin/moderation');
      assert.match(log.body, /Voided vote #\d+<\/td><td data-label="Why">Three accounts, one address, one minute/);
    });

    test("one listing's votes are listed with who cast them and their state", async () => {
      const { b: admin } = await adminBrowser(env());
      const page = await admin.get('/admin/votes?listing=pipelane');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /counted votes?\. The latest \d+ votes/);
      assert.match(
        (await admin.get('/admin/votes?listing=no-such-thing')).body,
        /No listing has the slug no-such-thing/,
      );
      assert.equal((await admin.get('/admin/votes?listing=%3Cscript%3E')).statusCode, 200);
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
