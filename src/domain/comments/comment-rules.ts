/**
 * The rules of the discussion on a launch, as plain functions: who may take part, what a comment
 * may hold, and how long its author may still change it.
 */

/** The longest comment, in characters (Unicode code points, as PostgreSQL's char_length counts). */
export const BODY_MAX_CHARS = 5000;

/**
 * How long after writing it an author may edit or delete a comment. Long enough to fix a typo or
 * take back a hasty word; short enough that replies are not left answering something else.
 */
export const EDIT_WINDOW_MINUTES = 15;

/** Comments and replies one account may post in a minute before it is asked to wait. */
export const COMMENTS_PER_MINUTE_PER_ACCOUNT = 10;

export type CommentSort = 'newest' | 'top';

/** The sort named in a page's query (`?comments=top`); anything else is the default, newest first. */
export const commentSort = (value: unknown): CommentSort => (value === 'top' ? 'top' : 'newest');

export type BodyCheck = { ok: true; body: string } | { ok: false; field: 'body'; message: string };

// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not Unicode: either would fail
// inside the database, so they are refused here with the field named.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A comment's text, trimmed, when it is 1 to 5000 characters of storable text. */
export function checkCommentBody(raw: unknown): BodyCheck {
  const body = typeof raw === 'string' ? raw.replace(/\r\n?/g, '\n').trim() : '';
  if (UNSTORABLE.test(body))
    return {
      ok: false,
      field: 'body',
      message: 'The comment contains a character that cannot be stored (a NUL character or broken Unicode).',
    };
  const length = [...body].length;
  if (length === 0) return { ok: false, field: 'body', message: 'The comment is empty: write something first.' };
  if (length > BODY_MAX_CHARS)
    return {
      ok: false,
      field: 'body',
      message: `The comment is ${length} characters long; it can be at most ${BODY_MAX_CHARS}.`,
    };
  return { ok: true, body };
}

/** Until when the author may still edit or delete a comment written at `createdAt`. */
export const editableUntil = (createdAt: string): Date =>
  new Date(new Date(createdAt).getTime() + EDIT_WINDOW_MINUTES * 60_000);

export const withinEditWindow = (createdAt: string, now: Date): boolean => now < editableUntil(createdAt);

/**
 * The name a comment is shown under: the account's name, else the part of its email before the @.
 * The full address is never shown.
 */
export function publicName(name: string | null, email: string | null): string {
  const given = (name ?? '').trim();
  if (given) return given;
  const local = (email ?? '').split('@')[0].trim();
  return local || 'A former member';
}
