// PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate is not valid Unicode: either would
// fail inside the database as a 500, so a field holding one is refused like any other bad input.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Characters as JSON Schema's maxLength counts them (code points), so forms and the API agree. */
export const charCount = (s: string) => [...s].length;

/** Line endings as browsers may send them (CRLF) are stored as LF, and outer spaces dropped. */
export const cleanText = (s: string) => s.replace(/\r\n?/g, '\n').trim();

/** Why a typed value cannot be stored, or null: empty when required, too long, or unstorable. */
export function textProblem(value: string, o: { max: number; required?: boolean; oneLine?: boolean }): string | null {
  if (UNSTORABLE.test(value)) return 'contains a NUL character or invalid Unicode';
  if (o.required && value === '') return 'must not be empty';
  if (o.oneLine && /\n/.test(value)) return 'must be one line';
  const n = charCount(value);
  return n > o.max ? `at most ${o.max} characters (it has ${n})` : null;
}

/** A whole number typed in a form, within bounds, or null. */
export function wholeNumber(typed: string, min: number, max: number): number | null {
  if (!/^-?\d{1,9}$/.test(typed)) return null;
  const n = Number(typed);
  return n >= min && n <= max ? n : null;
}

/** The slug pattern of the API (SLUG_PATTERN in api/schemas/common.ts): what a public URL may name. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,219}$/;
export const SLUG_RULE =
  'lowercase letters, digits and hyphens, starting with a letter or digit, at most 220 characters';
