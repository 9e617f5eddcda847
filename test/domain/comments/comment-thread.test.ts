import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { arrangeDiscussion, arrangeThread, type CommentRecord } from '../../../src/domain/comments/comment-thread.js';

let seq = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 18, 12, minute)).toISOString();
const rec = (o: Partial<CommentRecord> & { minute: number }): CommentRecord => ({
  id: ++seq,
  parent_id: null,
  launch_week: '2026-11-16',
  user_id: 1,
  author_name: 'someone',
  is_maker: false,
  body: `comment ${seq}`,
  created_at: at(o.minute),
  edited_at: null,
  deleted_at: null,
  hidden_at: null,
  likes: 0,
  liked: false,
  ...o,
});
const ids = (cs: { id: number }[]) => cs.map((c) => c.id);

describe('arranging a thread', () => {
  test('newest: top-level comments newest first, each with its replies oldest first', () => {
    const a = rec({ minute: 1 });
    const b = rec({ minute: 2 });
    const late = rec({ minute: 9, parent_id: a.id });
    const early = rec({ minute: 3, parent_id: a.id });
    const t = arrangeThread([a, b, late, early], 'newest', null);
    assert.deepEqual(ids(t), [b.id, a.id]);
    assert.deepEqual(ids(t[1].replies), [early.id, late.id]);
  });

  test('top: most liked first, and among equals the older one', () => {
    const old = rec({ minute: 1, likes: 2 });
    const liked = rec({ minute: 2, likes: 5 });
    const young = rec({ minute: 3, likes: 2 });
    assert.deepEqual(ids(arrangeThread([young, old, liked], 'top', null)), [liked.id, old.id, young.id]);
  });

  test('a deleted comment with replies stays as "[deleted]" without its text; without replies it is gone', () => {
    const kept = rec({ minute: 1, deleted_at: at(5), body: '' });
    const reply = rec({ minute: 2, parent_id: kept.id });
    const gone = rec({ minute: 3, deleted_at: at(5), body: '' });
    const t = arrangeThread([kept, reply, gone], 'newest', null);
    assert.deepEqual(ids(t), [kept.id]);
    assert.equal(t[0].state, 'deleted');
    assert.deepEqual(ids(t[0].replies), [reply.id]);
  });

  test('a deleted reply disappears', () => {
    const top = rec({ minute: 1 });
    const t = arrangeThread([top, rec({ minute: 2, parent_id: top.id, deleted_at: at(3) })], 'newest', null);
    assert.deepEqual(t[0].replies, []);
  });

  test('a hidden comment keeps its place and its replies but not its text', () => {
    const hidden = rec({ minute: 1, hidden_at: at(4), body: 'rude words' });
    const reply = rec({ minute: 2, parent_id: hidden.id });
    const t = arrangeThread([hidden, reply], 'newest', null);
    assert.equal(t[0].state, 'hidden');
    assert.equal(t[0].body, '');
    assert.deepEqual(ids(t[0].replies), [reply.id]);
  });

  test("the viewer's own comments are marked as theirs", () => {
    const mine = rec({ minute: 1, user_id: 7 });
    const theirs = rec({ minute: 2, user_id: 8 });
    const t = arrangeThread([mine, theirs], 'newest', 7);
    assert.deepEqual(
      t.map((c) => [c.id, c.is_mine]),
      [
        [theirs.id, false],
        [mine.id, true],
      ],
    );
    assert.equal(arrangeThread([mine], 'newest', null)[0].is_mine, false);
  });
});

describe('arranging a discussion across launches', () => {
  test("the current launch's thread comes first; earlier launches follow, latest first, with their replies", () => {
    const now = rec({ minute: 1, launch_week: '2026-11-16' });
    const first = rec({ minute: 1, launch_week: '2026-10-05' });
    const second = rec({ minute: 1, launch_week: '2026-11-02' });
    const replyToFirst = rec({ minute: 2, launch_week: '2026-10-05', parent_id: first.id });
    const unscheduled = rec({ minute: 1, launch_week: null });
    const d = arrangeDiscussion([now, first, second, replyToFirst, unscheduled], '2026-11-16', 'newest', null);
    assert.deepEqual(ids(d.comments), [now.id]);
    assert.equal(d.count, 1);
    assert.deepEqual(
      d.earlier.map((t) => t.launch_week),
      ['2026-11-02', '2026-10-05', null],
    );
    assert.deepEqual(ids(d.earlier[1].comments[0].replies), [replyToFirst.id]);
    assert.equal(d.earlier[1].count, 2);
  });

  test('the count leaves out deleted and hidden comments', () => {
    const top = rec({ minute: 1, deleted_at: at(2), body: '' });
    const d = arrangeDiscussion(
      [top, rec({ minute: 2, parent_id: top.id }), rec({ minute: 3, hidden_at: at(4) })],
      '2026-11-16',
      'newest',
      null,
    );
    assert.equal(d.count, 1);
  });
});
