import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BODY_MAX_CHARS,
  EDIT_WINDOW_MINUTES,
  checkCommentBody,
  commentSort,
  publicName,
  withinEditWindow,
} from '../../../src/domain/comments/comment-rules.js';

describe('comment rules', () => {
  test('a comment is stored trimmed, with its line breaks normalised', () => {
    assert.deepEqual(checkCommentBody('  Nice launch!\r\n\r\nWell done.  \n'), {
      ok: true,
      body: 'Nice launch!\n\nWell done.',
    });
  });

  test('an empty or blank comment is refused, naming the body field', () => {
    for (const raw of ['', '   \n\t ', undefined, ['two', 'values']]) {
      const r = checkCommentBody(raw);
      assert.equal(r.ok, false);
      assert.equal(!r.ok && r.field, 'body');
    }
  });

  test(`${BODY_MAX_CHARS} characters are allowed, one more is refused with the length said`, () => {
    assert.equal(checkCommentBody('a'.repeat(BODY_MAX_CHARS)).ok, true);
    const r = checkCommentBody('a'.repeat(BODY_MAX_CHARS + 1));
    assert.equal(r.ok, false);
    assert.match(!r.ok ? r.message : '', /5001 characters long; it can be at most 5000/);
  });

  test('characters are counted as the database counts them, not as UTF-16 halves', () => {
    assert.equal(checkCommentBody('🚀'.repeat(BODY_MAX_CHARS)).ok, true);
  });

  test('a NUL character is refused rather than failing in the database', () => {
    const r = checkCommentBody('hello\u0000world');
    assert.equal(r.ok, false);
    assert.equal(!r.ok && r.field, 'body');
  });

  test(`the author may change a comment for ${EDIT_WINDOW_MINUTES} minutes, not a moment longer`, () => {
    const written = '2026-11-18T12:00:00.000Z';
    assert.equal(withinEditWindow(written, new Date('2026-11-18T12:14:59Z')), true);
    assert.equal(withinEditWindow(written, new Date('2026-11-18T12:15:00Z')), false);
  });

  test('an author is shown by name, else by the part of the email before the @, never the whole address', () => {
    assert.equal(publicName('Ada Row', 'ada@example.com'), 'Ada Row');
    assert.equal(publicName('  ', 'ada.row@example.com'), 'ada.row');
    assert.equal(publicName(null, null), 'A former member');
  });

  test('the sort is "top" only when asked for; anything else is newest first', () => {
    assert.equal(commentSort('top'), 'top');
    for (const v of [undefined, 'newest', 'TOP', ['top'], 'x']) assert.equal(commentSort(v), 'newest');
  });
});
