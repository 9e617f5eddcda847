import { badRequest } from './errors.js';

// PostgreSQL text and jsonb cannot hold NUL, and JSON with a lone UTF-16 surrogate is not valid
// Unicode: either would fail inside the database as a 500, so they are refused up front.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function findUnstorable(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const hit = findUnstorable(v, `${path}[${i}]`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (UNSTORABLE.test(k)) return path ? `${path}.${k}` : k;
      const hit = findUnstorable(v, path ? `${path}.${k}` : k);
      if (hit) return hit;
    }
  }
  return null;
}

/** 400 naming the first input field holding a NUL character or broken Unicode. */
export function rejectUnstorableText(input: unknown): void {
  const path = findUnstorable(input, '');
  if (path !== null)
    throw badRequest(`${path || 'body'}: contains a NUL character or invalid Unicode`, [
      { path: path || 'body', message: 'contains a NUL character or invalid Unicode' },
    ]);
}
