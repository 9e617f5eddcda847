import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addCategory, addListing } from '../../support/fixtures.js';
import {
  castVote,
  hasVoted,
  releaseHeldVotes,
  removeVote,
  suspiciousVoteClusters,
  voidVotes,
} from '../../../src/domain/votes/votes.js';
import { createSession } from '../../../src/domain/accounts/sessions.js';
import { sha256 } from '../../../src/crypto/sha256.js';
import type { AppContext } from '../../../src/app-context.js';

const NOW = new Date('2026-11-18T12:00:00Z');
let seq = 0;
const newUser = async (ctx: AppContext, createdAt = new Date(NOW.getTime() - 30 * 86_400_000)) =>
  (
    await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, email_verified_at, created_at) VALUES ($1, $2, $2) RETURNING id`,
      [`voter-${++seq}-${Math.random().toString(36).slice(2)}@test.invalid`, createdAt.toISOString()],
    )
  )[0].id;
/** A listing as a vote sees it: its id and current launch week. */
const target = async (ctx: AppContext, slug: string) =>
  (
    await ctx.db.query<{ id: number; slug: string; launch_week: string | null }>(
      `SELECT id, slug, to_char(launch_week, 'YYYY-MM-DD') AS launch_week FROM listings WHERE site_id = $1 AND slug = $2`,
      [ctx.site.id, slug],
    )
  )[0];
const storedCount = async (ctx: AppContext, slug: string) =>
  (await ctx.db.query<{ n: number }>('SELECT votes_count AS n FROM listings WHERE slug = $1', [slug]))[0].n;

describeEachDatabase(
  'votes',
  (env) => {
    test('a vote counts once, however often it is cast', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx);
      const first = await castVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW, ip: '192.0.2.1' });
      const again = await castVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW, ip: '192.0.2.1' });
      assert.deepEqual([first.voted, first.counted], [true, true]);
      assert.equal(again.votes, first.votes);
      assert.equal(await storedCount(ctx, 'votable'), first.votes);
      assert.equal(await hasVoted(ctx.db, await target(ctx, 'votable'), user), true);
    });

    test('taking a vote back removes it from the count; taking back nothing changes nothing', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx);
      const before = await storedCount(ctx, 'votable');
      await castVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW, ip: null });
      const undone = await removeVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW });
      assert.deepEqual([undone.voted, undone.votes], [false, before]);
      assert.equal((await removeVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW })).votes, before);
      assert.equal(await hasVoted(ctx.db, await target(ctx, 'votable'), user), false);
    });

    test("an owner's or co-owner's vote is kept but never counted", async () => {
      const ctx = env().ctx;
      const owner = await newUser(ctx);
      const listing = await target(ctx, 'votable');
      await ctx.db.query(`INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, 'cofounder')`, [
        listing.id,
        owner,
      ]);
      const before = await storedCount(ctx, 'votable');
      const r = await castVote(ctx.db, ctx.site.id, listing.slug, { userId: owner }, { now: NOW, ip: null });
      assert.deepEqual([r.voted, r.counted, r.votes], [true, false, before]);
      assert.equal(
        (await removeVote(ctx.db, ctx.site.id, listing.slug, { userId: owner }, { now: NOW })).votes,
        before,
      );
    });

    test('a relaunch is a new launch: the same person may vote for it again', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx);
      await castVote(ctx.db, ctx.site.id, 'relaunched', { userId: user }, { now: NOW, ip: null });
      await ctx.db.query(`UPDATE listings SET launch_week = '2026-11-23' WHERE slug = 'relaunched'`);
      const relaunch = await target(ctx, 'relaunched');
      assert.equal(await hasVoted(ctx.db, relaunch, user), false);
      const r = await castVote(ctx.db, ctx.site.id, relaunch.slug, { userId: user }, { now: NOW, ip: null });
      assert.equal(r.counted, true);
      assert.equal(
        (
          await ctx.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id WHERE l.slug = $1 AND v.user_id = $2',
            ['relaunched', user],
          )
        )[0].n,
        2,
      );
    });

    test('many people voting at once, each twice, are each counted exactly once', async () => {
      const ctx = env().ctx;
      const users = await Promise.all(Array.from({ length: 40 }, () => newUser(ctx)));
      const before = await storedCount(ctx, 'busy');
      const listing = await target(ctx, 'busy');
      await Promise.all(
        [...users, ...users].map((u) =>
          castVote(ctx.db, ctx.site.id, listing.slug, { userId: u }, { now: NOW, ip: null }),
        ),
      );
      assert.equal(await storedCount(ctx, 'busy'), before + 40);
      assert.equal(
        (
          await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM votes WHERE listing_id = $1', [listing.id])
        )[0].n,
        40,
      );
    });

    test('only live listings of this site take votes', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx);
      assert.equal(
        (await castVote(ctx.db, ctx.site.id, 'not-yet', { userId: user }, { now: NOW, ip: null })).refused,
        'not_found',
      );
      assert.equal(
        (await castVote(ctx.db, ctx.site.id, 'no-such-listing', { userId: user }, { now: NOW, ip: null })).refused,
        'not_found',
      );
      assert.equal(
        (await removeVote(ctx.db, ctx.site.id, 'no-such-listing', { userId: user }, { now: NOW })).refused,
        'not_found',
      );
    });

    test('the votes a person cast recently are counted for the per-account limit', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx);
      await castVote(ctx.db, ctx.site.id, 'votable', { userId: user }, { now: NOW, ip: null });
      await castVote(
        ctx.db,
        ctx.site.id,
        'busy',
        { userId: user },
        { now: new Date(NOW.getTime() - 120_000), ip: null },
      );
      const limited = await castVote(
        ctx.db,
        ctx.site.id,
        'held',
        { userId: user },
        { now: NOW, ip: null, perMinute: 1 },
      );
      assert.equal(limited.refused, 'rate_limited', 'one vote in the last minute reaches a limit of one');
      assert.equal(
        (await castVote(ctx.db, ctx.site.id, 'held', { userId: user }, { now: NOW, ip: null, perMinute: 2 })).refused,
        undefined,
      );
      await removeVote(ctx.db, ctx.site.id, 'held', { userId: user }, { now: NOW });
    });

    test("a young account's vote is held, uncounted, until the account is old enough; then it counts once, however many workers release it", async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx, new Date(NOW.getTime() - 30 * 60_000));
      const before = await storedCount(ctx, 'held');
      const r = await castVote(ctx.db, ctx.site.id, 'held', { userId: user }, { now: NOW, ip: null, holdHours: 1 });
      assert.deepEqual(
        [r.voted, r.counted, r.held_until],
        [true, false, new Date(NOW.getTime() + 30 * 60_000).toISOString()],
      );
      assert.equal(await storedCount(ctx, 'held'), before);
      assert.deepEqual(await releaseHeldVotes(ctx.db, NOW), [], 'nothing is released before the hold passes');
      const later = new Date(new Date(r.held_until!).getTime() + 1);
      await Promise.all([
        releaseHeldVotes(ctx.db, later),
        releaseHeldVotes(ctx.db, later),
        releaseHeldVotes(ctx.db, later),
      ]);
      assert.equal(await storedCount(ctx, 'held'), before + 1);
      const [vote] = await ctx.db.query<{ counted: boolean; held_until: string | null }>(
        'SELECT counted, held_until FROM votes WHERE user_id = $1',
        [user],
      );
      assert.deepEqual(vote, { counted: true, held_until: null });
    });

    test('taking back a held vote changes no count', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx, NOW);
      const before = await storedCount(ctx, 'held');
      await castVote(ctx.db, ctx.site.id, 'held', { userId: user }, { now: NOW, ip: null, holdHours: 1 });
      await removeVote(ctx.db, ctx.site.id, 'held', { userId: user }, { now: NOW });
      await releaseHeldVotes(ctx.db, new Date(NOW.getTime() + 2 * 3_600_000));
      assert.equal(await storedCount(ctx, 'held'), before);
    });

    test('votes are held only while the account is younger than the site setting; 0 holds nothing', async () => {
      const ctx = env().ctx;
      const twoHoursOld = new Date(NOW.getTime() - 2 * 3_600_000);
      const counted = async (holdHours: number) => {
        const r = await castVote(
          ctx.db,
          ctx.site.id,
          'held',
          { userId: await newUser(ctx, twoHoursOld) },
          { now: NOW, ip: null, holdHours },
        );
        return [r.counted, r.held_until];
      };
      assert.deepEqual(await counted(0), [true, null]);
      assert.deepEqual(await counted(1), [true, null]);
      assert.deepEqual(await counted(24), [false, new Date(twoHoursOld.getTime() + 24 * 3_600_000).toISOString()]);
    });

    test('a vote through a session needs a live session of a confirmed account that is not suspended', async () => {
      const ctx = env().ctx;
      const user = await newUser(ctx, NOW);
      const token = await createSession(ctx.db, user, NOW);
      const asSession = () =>
        castVote(ctx.db, ctx.site.id, 'votable', { sessionHash: sha256(token) }, { now: NOW, ip: null });
      assert.equal(
        (
          await castVote(
            ctx.db,
            ctx.site.id,
            'votable',
            { sessionHash: sha256('no such session') },
            { now: NOW, ip: null },
          )
        ).refused,
        'signed_out',
      );
      await ctx.db.query('UPDATE users SET suspended_at = $2 WHERE id = $1', [user, NOW.toISOString()]);
      assert.equal((await asSession()).refused, 'suspended');
      await ctx.db.query('UPDATE users SET suspended_at = NULL, email_verified_at = NULL WHERE id = $1', [user]);
      assert.equal((await asSession()).refused, 'unconfirmed');
      await ctx.db.query('UPDATE users SET email_verified_at = $2 WHERE id = $1', [user, NOW.toISOString()]);
      assert.deepEqual(
        [
          (await asSession()).voted,
          (await removeVote(ctx.db, ctx.site.id, 'votable', { sessionHash: sha256(token) }, { now: NOW })).voted,
        ],
        [true, false],
      );
      const expired = new Date(NOW.getTime() + 400 * 86_400_000);
      assert.equal(
        (await castVote(ctx.db, ctx.site.id, 'votable', { sessionHash: sha256(token) }, { now: expired, ip: null }))
          .refused,
        'signed_out',
      );
    });

    test('voided votes stop counting, stay on record, and cannot be taken back and cast again', async () => {
      const ctx = env().ctx;
      const [a, b] = [await newUser(ctx), await newUser(ctx)];
      await castVote(ctx.db, ctx.site.id, 'voided', { userId: a }, { now: NOW, ip: null });
      await castVote(ctx.db, ctx.site.id, 'voided', { userId: b }, { now: NOW, ip: null });
      const before = await storedCount(ctx, 'voided');
      const ids = (await ctx.db.query<{ id: number }>('SELECT id FROM votes WHERE user_id = $1', [a])).map((r) => r.id);
      const r = await voidVotes(ctx.db, ctx.site.id, ids, 'one address', NOW);
      assert.deepEqual(r, { voided: 1, slugs: ['voided'] });
      assert.equal(await storedCount(ctx, 'voided'), before - 1);
      assert.deepEqual(
        await voidVotes(ctx.db, ctx.site.id, ids, 'again', NOW),
        { voided: 0, slugs: [] },
        'voiding twice changes nothing',
      );
      await removeVote(ctx.db, ctx.site.id, 'voided', { userId: a }, { now: NOW });
      await castVote(ctx.db, ctx.site.id, 'voided', { userId: a }, { now: NOW, ip: null });
      assert.equal(await storedCount(ctx, 'voided'), before - 1);
      const [vote] = await ctx.db.query<{ voided_reason: string; counted: boolean }>(
        'SELECT voided_reason, counted FROM votes WHERE user_id = $1',
        [a],
      );
      assert.deepEqual(vote, { voided_reason: 'one address', counted: false });
    });

    test('many votes for one listing from one address within minutes show as a cluster, until voided', async () => {
      const ctx = env().ctx;
      const users = [await newUser(ctx), await newUser(ctx), await newUser(ctx)];
      for (const [i, u] of users.entries())
        await castVote(
          ctx.db,
          ctx.site.id,
          'clustered',
          { userId: u },
          { now: new Date(NOW.getTime() + i * 1000), ip: '198.51.100.7' },
        );
      const clusters = await suspiciousVoteClusters(ctx.db, ctx.site.id, NOW);
      const mine = clusters.find((c) => c.kind === 'address' && c.listing.slug === 'clustered');
      assert.ok(mine, 'the cluster is shown');
      assert.equal(mine.ip, '198.51.100.7');
      assert.equal(mine.vote_ids.length, 3);
      await voidVotes(ctx.db, ctx.site.id, mine.vote_ids, 'one address', NOW);
      assert.equal(
        (await suspiciousVoteClusters(ctx.db, ctx.site.id, NOW)).find(
          (c) => c.listing.slug === 'clustered' && c.kind === 'address',
        ),
        undefined,
      );
    });

    test('votes from freshly made accounts for one listing within minutes show as a cohort', async () => {
      const ctx = env().ctx;
      for (let i = 0; i < 5; i++) {
        const u = (
          await ctx.db.query<{ id: number }>(
            `INSERT INTO users (email, email_verified_at, created_at) VALUES ($1, $2, $2) RETURNING id`,
            [`fresh-${i}-${Math.random()}@test.invalid`, NOW.toISOString()],
          )
        )[0].id;
        await castVote(
          ctx.db,
          ctx.site.id,
          'cohort',
          { userId: u },
          { now: new Date(NOW.getTime() + 60_000 + i), ip: `203.0.113.${i}` },
        );
      }
      const cohort = (await suspiciousVoteClusters(ctx.db, ctx.site.id, NOW)).find(
        (c) => c.kind === 'fresh_accounts' && c.listing.slug === 'cohort',
      );
      assert.equal(cohort?.votes, 5);
    });
  },
  {
    seed: async (ctx) => {
      await addCategory(ctx.db, ctx.site.id, { slug: 'tools', name: 'Tools' });
      for (const slug of ['votable', 'relaunched', 'busy', 'held', 'voided', 'clustered', 'cohort'])
        await addListing(ctx.db, ctx.site.id, {
          slug,
          name: slug,
          tagline: 'A tool',
          category: 'tools',
          launchWeek: '2026-11-16',
        });
      await addListing(ctx.db, ctx.site.id, {
        slug: 'not-yet',
        name: 'Not yet',
        tagline: 'Soon',
        category: 'tools',
        status: 'scheduled',
        launchWeek: '2026-11-23',
      });
    },
  },
);
