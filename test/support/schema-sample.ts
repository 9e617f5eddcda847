import crypto from 'node:crypto';

/**
 * A minimal valid input generated from an operation's JSON Schemas (required properties only), so a
 * generated request gets past validation to the handler: the authorization matrix and the IDOR matrix.
 */

export type Schema = Record<string, any>;

/** Strings tried, in order, against length limits and patterns; extend when a new pattern appears. */
const STRING_CANDIDATES = ['x', 'https://example.com', 'someone@example.com', '2026-11-23', 'XX', 'a1', '1'];

function sampleString(s: Schema, name: string): string {
  switch (s.format) {
    case 'uuid':
      return crypto.randomUUID();
    case 'email':
      return 'someone@example.com';
    case 'date':
      return '2026-11-23';
    case 'date-time':
      return '2026-11-18T12:00:00Z';
    case 'uri':
    case 'url':
      return 'https://example.com/';
  }
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const first = /url|website|link/i.test(name) ? 'https://example.com' : 'x'.repeat(Math.max(1, min));
  const found = [first, ...STRING_CANDIDATES].find(
    (c) => c.length >= min && c.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(c)),
  );
  if (found === undefined)
    throw new Error(`no sample string for "${name}" (${JSON.stringify(s)}): add one to STRING_CANDIDATES`);
  return found;
}

export function sample(s: Schema, name = ''): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) return sample(alternatives[0], name);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(((s.required ?? []) as string[]).map((k) => [k, sample(s.properties[k], k)]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, name));
    case 'integer':
    case 'number': {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(low, s.maximum ?? low);
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return sampleString(s, name);
  }
  throw new Error(`cannot sample "${name}": ${JSON.stringify(s)}`);
}
