/**
 * What a review and a maker's reply must look like (issue 14 §4): plain checks over what a person
 * typed, each answering which field is wrong and why in words the form can show as they are.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_BODY_MAX = 2000;
export const REPLY_MAX = 1000;
/** Reviews and replies one account may write a minute (counted in the database: every instance agrees). */
export const REVIEW_WRITES_PER_MINUTE_PER_ACCOUNT = 10;

export type ReviewField = 'rating' | 'body' | 'reply';

export interface FieldProblem {
  field: ReviewField;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FieldProblem };

/**
 * Browsers send a textarea's line breaks as CRLF but count them as one character against
 * `maxlength`; counting code points of the LF form keeps us no stricter than the form.
 */
export const normaliseText = (s: string) => s.replace(/\r\n?/g, '\n').trim();
const length = (s: string) => [...s].length;
const thousands = (n: number) => n.toLocaleString('en-US');

/** A star rating as typed in the form: a whole number from 1 to 5, nothing else. */
export function checkRating(raw: unknown): Checked<number> {
  const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d$/.test(s) || Number(s) < RATING_MIN || Number(s) > RATING_MAX) {
    return {
      ok: false,
      problem: {
        field: 'rating',
        message:
          s === ''
            ? `choose from ${RATING_MIN} to ${RATING_MAX} stars`
            : `choose a whole number of stars from ${RATING_MIN} to ${RATING_MAX}`,
      },
    };
  }
  return { ok: true, value: Number(s) };
}

function checkText(raw: unknown, field: 'body' | 'reply', max: number, empty: string): Checked<string> {
  const text = normaliseText(typeof raw === 'string' ? raw : '');
  if (text === '') return { ok: false, problem: { field, message: empty } };
  const n = length(text);
  if (n > max)
    return {
      ok: false,
      problem: { field, message: `keep it to ${thousands(max)} characters; this has ${thousands(n)}` },
    };
  return { ok: true, value: text };
}

export const checkReviewBody = (raw: unknown) =>
  checkText(raw, 'body', REVIEW_BODY_MAX, 'write a few words about your experience; a review cannot be empty');
export const checkReply = (raw: unknown) =>
  checkText(raw, 'reply', REPLY_MAX, 'write your answer; a reply cannot be empty');

/** A whole review as typed: the first problem found, rating first (it comes first in the form). */
export function checkReview(input: { rating: unknown; body: unknown }): Checked<{ rating: number; body: string }> {
  const rating = checkRating(input.rating);
  if (!rating.ok) return rating;
  const body = checkReviewBody(input.body);
  if (!body.ok) return body;
  return { ok: true, value: { rating: rating.value, body: body.value } };
}
