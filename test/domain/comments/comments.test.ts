import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addCategory, addListing } from '../../support/fixtures.js';
import {
  addComment,
  commentableListing,
  commentForModeration,
  commentsWrittenSince,
  deleteComment,
  editComment,
  hideComment,
  likeComment,
  loadDiscussion,
  restoreComment,
  unlikeComment,
  type CommentOutcome,
  type CommentTarget,
} from '../../../src/domain/comments/comments.js';
import type { AppContext } from '../../../src/app-context.js';

const NOW = new Date('2026-11-18T12:00:00Z');
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let seq = 0;
const newUser = async (ctx: AppContext, o: { name?: string; email?: string } = {}) =>
  (
    await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, email_verified_at) VALUES ($1, $2, now()) RETURNING id`,
      [o.email ?? `commenter-${++seq}-${Math.random().toString(36).slice(2)}@test.invalid`, o.name ?? ''],
    )
  )[0].id;
const target = async (ctx: AppContext, slug: string) => (await commentableListing(ctx.db, ctx.site.id, slug))!;
const idOf = (o: CommentOutcome) => {
  assert.ok(o.ok, JSON.stringify(o));
  return o.id;
};
const post = async (
  ctx: AppContext,
  listing: CommentTarget,
  user: number,
  body: string,
  o: { parentId?: number; at?: Date } = {},
) => idOf(await addComment(ctx.db, listing, user, { body, parentId: o.parentId ?? null }, o.at ?? NOW));
const discussion = (
  ctx: AppContext,
  listing: CommentTarget,
  viewer: number | null = null,
  sort: 'newest' | 'top' = 'newest',
) => loadDiscussion(ctx.db, listing, sort, viewer);

describeEachDatabase(
  'comments',
  (env) => {
    test('a reply sits under the comment it answers', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [a, b] = [await newUser(ctx), await newUser(ctx)];
      const top = await post(ctx, listing, a, 'Does it work offline?');
      const reply = await post(ctx, listing, b, 'Yes, fully.', { parentId: top, at: later(1) });
      const d = await discussion(ctx, listing);
      const found = d.comments.find((c) => c.id === top)!;
      assert.deepEqual(
        found.replies.map((r) => [r.id, r.body]),
        [[reply, 'Yes, fully.']],
      );
      assert.equal(
        d.comments.some((c) => c.id === reply),
        false,
      );
    });

    test('a reply to a reply joins the thread of the top-level comment (threads are one level deep)', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const top = await post(ctx, listing, u, 'First');
      const reply = await post(ctx, listing, u, 'Second', { parentId: top });
      const deeper = await post(ctx, listing, u, 'Third', { parentId: reply });
      const [{ parent_id }] = await ctx.db.query<{ parent_id: number }>(
        'SELECT parent_id FROM comments WHERE id = $1',
        [deeper],
      );
      assert.equal(parent_id, top);
    });

    test('a reply to a comment of another listing is refused, naming parent_id', async () => {
      const ctx = env().ctx;
      const u = await newUser(ctx);
      const elsewhere = await post(ctx, await target(ctx, 'sorted'), u, 'Over here');
      const r = await addComment(ctx.db, await target(ctx, 'threads'), u, { body: 'Reply', parentId: elsewhere }, NOW);
      assert.deepEqual(r.ok ? null : [r.status, 'field' in r && r.field], [400, 'parent_id']);
    });

    test('newest shows the latest comment first; top shows the most liked first, then the oldest', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'sorted');
      await ctx.db.query('DELETE FROM comments WHERE listing_id = $1', [listing.id]);
      const u = await newUser(ctx);
      const first = await post(ctx, listing, u, 'first', { at: later(1) });
      const second = await post(ctx, listing, u, 'second', { at: later(2) });
      const third = await post(ctx, listing, u, 'third', { at: later(3) });
      for (const fan of [await newUser(ctx), await newUser(ctx)]) await likeComment(ctx.db, listing, second, fan, NOW);
      await likeComment(ctx.db, listing, third, await newUser(ctx), NOW);
      await likeComment(ctx.db, listing, first, await newUser(ctx), NOW);
      assert.deepEqual(
        (await discussion(ctx, listing)).comments.map((c) => c.id),
        [third, second, first],
      );
      assert.deepEqual(
        (await discussion(ctx, listing, null, 'top')).comments.map((c) => c.id),
        [second, first, third],
      );
    });

    test('a person likes a comment once, and can take the like back', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [author, fan] = [await newUser(ctx), await newUser(ctx)];
      const id = await post(ctx, listing, author, 'Like me');
      await likeComment(ctx.db, listing, id, fan, NOW);
      await likeComment(ctx.db, listing, id, fan, NOW);
      let c = (await discussion(ctx, listing, fan)).comments.find((x) => x.id === id)!;
      assert.deepEqual([c.likes, c.liked], [1, true]);
      await unlikeComment(ctx.db, listing, id, fan);
      c = (await discussion(ctx, listing, fan)).comments.find((x) => x.id === id)!;
      assert.deepEqual([c.likes, c.liked], [0, false]);
    });

    test("the listing's owners and co-owners are marked as its makers", async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [owner, cofounder, visitor] = [await newUser(ctx), await newUser(ctx), await newUser(ctx)];
      await ctx.db.query(
        `INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'cofounder')`,
        [listing.id, owner, cofounder],
      );
      const ids = [
        await post(ctx, listing, owner, 'Thanks!'),
        await post(ctx, listing, cofounder, 'Hi'),
        await post(ctx, listing, visitor, 'Cool'),
      ];
      const d = await discussion(ctx, listing);
      assert.deepEqual(
        ids.map((id) => d.comments.find((c) => c.id === id)!.is_maker),
        [true, true, false],
      );
    });

    test('an author is shown by name, or by the start of their email, never the whole address', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const named = await newUser(ctx, { name: 'Grace Hopper' });
      const unnamed = await newUser(ctx, { email: `nameless.${Date.now()}@secret.example` });
      const a = await post(ctx, listing, named, 'one');
      const b = await post(ctx, listing, unnamed, 'two');
      const d = await discussion(ctx, listing);
      assert.equal(d.comments.find((c) => c.id === a)!.author_name, 'Grace Hopper');
      assert.match(d.comments.find((c) => c.id === b)!.author_name, /^nameless\.\d+$/);
      assert.doesNotMatch(JSON.stringify(d), /@secret\.example/);
    });

    test('the author may edit within the window; the comment is then marked edited', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const id = await post(ctx, listing, u, 'Typo hre');
      assert.ok((await editComment(ctx.db, listing, id, u, '  Typo here  ', later(14))).ok);
      const c = (await discussion(ctx, listing)).comments.find((x) => x.id === id)!;
      assert.equal(c.body, 'Typo here');
      assert.equal(c.edited_at, later(14).toISOString());
    });

    test('once the window has passed, the author can neither edit nor delete', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const id = await post(ctx, listing, u, 'Final words');
      for (const r of [
        await editComment(ctx.db, listing, id, u, 'Changed', later(15)),
        await deleteComment(ctx.db, listing, id, u, later(16)),
      ]) {
        assert.deepEqual(r.ok ? null : [r.status, 'reason' in r && r.reason], [403, 'window_passed']);
      }
      assert.equal((await discussion(ctx, listing)).comments.find((x) => x.id === id)!.body, 'Final words');
    });

    test('nobody but the author may edit or delete a comment', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [author, other] = [await newUser(ctx), await newUser(ctx)];
      const id = await post(ctx, listing, author, 'Mine');
      for (const r of [
        await editComment(ctx.db, listing, id, other, 'Yours now', NOW),
        await deleteComment(ctx.db, listing, id, other, NOW),
      ]) {
        assert.deepEqual(r.ok ? null : [r.status, 'reason' in r && r.reason], [403, 'not_author']);
      }
    });

    test('an edit is checked like a new comment: 5001 characters are refused, naming the body', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const id = await post(ctx, listing, u, 'x'.repeat(5000));
      const r = await editComment(ctx.db, listing, id, u, 'x'.repeat(5001), NOW);
      assert.deepEqual(r.ok ? null : [r.status, 'field' in r && r.field], [400, 'body']);
    });

    test('a deleted comment with replies stays as "[deleted]" with its replies; its text is erased', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [a, b] = [await newUser(ctx), await newUser(ctx)];
      const top = await post(ctx, listing, a, 'Regrettable');
      const reply = await post(ctx, listing, b, 'Answer', { parentId: top });
      const r = await deleteComment(ctx.db, listing, top, a, later(1));
      assert.deepEqual(r, { ok: true, id: top, parent_id: null });
      const c = (await discussion(ctx, listing)).comments.find((x) => x.id === top)!;
      assert.deepEqual([c.state, c.body, c.replies.map((x) => x.id)], ['deleted', '', [reply]]);
      assert.equal(
        (await ctx.db.query<{ body: string }>('SELECT body FROM comments WHERE id = $1', [top]))[0].body,
        '',
      );
    });

    test('a deleted comment without replies is gone from the discussion, and cannot be deleted again', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const id = await post(ctx, listing, u, 'Oops');
      await deleteComment(ctx.db, listing, id, u, NOW);
      assert.equal(
        (await discussion(ctx, listing)).comments.some((x) => x.id === id),
        false,
      );
      assert.equal((await deleteComment(ctx.db, listing, id, u, NOW)).ok, false);
    });

    test('a deleted or hidden comment takes no replies and no likes', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      const deleted = await post(ctx, listing, u, 'Gone');
      await deleteComment(ctx.db, listing, deleted, u, NOW);
      const hidden = await post(ctx, listing, u, 'Hidden');
      await hideComment(ctx.db, hidden);
      for (const id of [deleted, hidden]) {
        assert.equal((await addComment(ctx.db, listing, u, { body: 'reply', parentId: id }, NOW)).ok, false);
        assert.equal((await likeComment(ctx.db, listing, id, u, NOW)).ok, false);
      }
    });

    test('a hidden comment keeps its replies but not its text, cannot be edited, and comes back when restored', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const [a, b] = [await newUser(ctx, { email: `rude-${Date.now()}@test.invalid` }), await newUser(ctx)];
      const top = await post(ctx, listing, a, 'Rude words');
      const reply = await post(ctx, listing, b, 'Please be kind', { parentId: top });
      assert.equal(await hideComment(ctx.db, top, NOW), 'threads');
      assert.equal(await hideComment(ctx.db, top, NOW), null, 'already hidden');
      let c = (await discussion(ctx, listing)).comments.find((x) => x.id === top)!;
      assert.deepEqual([c.state, c.body, c.replies.map((x) => x.id)], ['hidden', '', [reply]]);
      const r = await editComment(ctx.db, listing, top, a, 'Nicer words', NOW);
      assert.deepEqual(r.ok ? null : [r.status, 'reason' in r && r.reason], [403, 'hidden']);
      const m = await commentForModeration(ctx.db, top);
      assert.deepEqual(m && [m.listing_slug, m.body, m.hidden_at, m.author_email?.startsWith('rude-')], [
        'threads',
        'Rude words',
        NOW.toISOString(),
        true,
      ]);
      assert.equal(await restoreComment(ctx.db, top), 'threads');
      assert.equal(await restoreComment(ctx.db, top), null, 'already shown');
      c = (await discussion(ctx, listing)).comments.find((x) => x.id === top)!;
      assert.deepEqual([c.state, c.body], ['shown', 'Rude words']);
    });

    test('moderation lookups of a comment that does not exist answer null', async () => {
      const ctx = env().ctx;
      assert.equal(await commentForModeration(ctx.db, 999_999), null);
      assert.equal(await hideComment(ctx.db, 999_999), null);
      assert.equal(await restoreComment(ctx.db, -1), null);
    });

    test("a relaunch opens a fresh thread; the earlier launch's comments stay readable but take no replies", async () => {
      const ctx = env().ctx;
      const u = await newUser(ctx);
      const before = await post(ctx, await target(ctx, 'relaunched'), u, 'First launch');
      await ctx.db.query(`UPDATE listings SET launch_week = '2026-11-23' WHERE slug = 'relaunched'`);
      const relaunch = await target(ctx, 'relaunched');
      const after = await post(ctx, relaunch, u, 'Second launch');
      const d = await discussion(ctx, relaunch);
      assert.deepEqual(
        d.comments.map((c) => c.id),
        [after],
      );
      assert.deepEqual(
        d.earlier.map((t) => [t.launch_week, t.comments.map((c) => c.id)]),
        [['2026-11-16', [before]]],
      );
      assert.equal((await addComment(ctx.db, relaunch, u, { body: 'late reply', parentId: before }, NOW)).ok, false);
      assert.equal((await likeComment(ctx.db, relaunch, before, u, NOW)).ok, false);
    });

    test('only live listings of this site take comments', async () => {
      const ctx = env().ctx;
      assert.equal(await commentableListing(ctx.db, ctx.site.id, 'not-yet'), null);
      assert.equal(await commentableListing(ctx.db, ctx.site.id, 'no-such-listing'), null);
    });

    test('the comments a person posted in the last minute are counted for the per-account limit', async () => {
      const ctx = env().ctx;
      const listing = await target(ctx, 'threads');
      const u = await newUser(ctx);
      await post(ctx, listing, u, 'old', { at: new Date(NOW.getTime() - 120_000) });
      await post(ctx, listing, u, 'new', { at: NOW });
      assert.equal(await commentsWrittenSince(ctx.db, u, new Date(NOW.getTime() - 60_000)), 1);
    });
  },
  {
    seed: async (ctx) => {
      await addCategory(ctx.db, ctx.site.id, { slug: 'tools', name: 'Tools' });
      for (const slug of ['threads', 'sorted', 'relaunched'])
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
