import fc from 'fast-check';

/**
 * Requests generated from the OpenAPI document for fuzzing: mostly plausible values that follow
 * each schema, mixed with hostile ones (wrong types, missing and extra fields, huge strings, odd
 * Unicode, huge numbers, deep JSON), so that validation and the handlers behind it are both reached.
 */

type Schema = Record<string, any>;

export interface FuzzRequest {
  /** Path with its parameters filled in and percent-encoded (may hold deliberately broken escapes). */
  path: string;
  query: string;
  /** The JSON body as sent, or undefined for none. A string is sent as is (deep or broken JSON). */
  body?: unknown;
  rawBody?: string;
  /** The same input as MCP tool arguments. */
  args: Record<string, unknown>;
}

/** Values that known ids and slugs of the test world can take, so some requests reach real rows. */
/** `slugs` also holds other words the service knows (product codes, country codes). */
export interface KnownValues {
  ids: number[];
  slugs: string[];
  weeks: string[];
}

const ODD_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '\u200F\u200Ertl',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '𝕏𝕐ℤ',
  '👩‍👩‍👧‍👦',
  '<script>alert(1)</script>',
  "'; DROP TABLE listings; --",
  '../../etc/passwd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent as plain text
  '${jndi:x}',
  '{{7*7}}',
  '\r\nSet-Cookie: a=b',
  '\\',
  '"',
];
// biome-ignore lint/correctness/noPrecisionLoss: numbers past what a double holds are the point
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, 0.5, -1, 0, -0, 1e-320, 99999999999999999999];

/** Nested arrays `depth` deep, as JSON text (JSON.stringify would be fine too, but the parser must meet it raw). */
export const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const hugeString = fc.constantFrom(100_000, 300_000).map((n) => 'x'.repeat(n));

/** Any value of the wrong kind, or a hostile one of the right kind. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...ODD_TEXT),
  fc.constantFrom(...HUGE_NUMBERS),
  fc.constantFrom(null, true, false, [], {}, [[[]]], { a: { b: { c: {} } } }),
  hugeString,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.constantFrom(...ODD_TEXT), { maxLength: 30 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'toString', 'x'), fc.constantFrom(1, 'x', null), {
    maxKeys: 3,
  }),
);

function stringFor(s: Schema, known: KnownValues, dirty: boolean): fc.Arbitrary<string> {
  const pick = (clean: string[], hostileToo: string[]) => fc.constantFrom(...clean, ...(dirty ? hostileToo : []));
  if (s.format === 'email')
    return pick(
      ['someone@example.com', 'maker@tablewise.example'],
      ['a@b', 'not-an-email', `${'x'.repeat(250)}@example.com`],
    );
  if (s.format === 'uri' || /url/i.test(s.description ?? ''))
    return pick(
      ['https://example.com', 'https://tablewise.example/pricing'],
      ['http://127.0.0.1:1/', 'javascript:alert(1)', 'ftp://example.com', 'https://[::1]/', 'http://0x7f.1/'],
    );
  if (s.format === 'date' || /YYYY-MM-DD/.test(s.description ?? '') || /\\d\{4\}-/.test(s.pattern ?? '')) {
    return pick([...known.weeks, '2026-11-17'], ['2026-02-30', '9999-12-31', '0000-00-00']);
  }
  const max = Math.min(s.maxLength ?? 40, 60);
  const min = Math.min(s.minLength ?? 0, max);
  const pattern = s.pattern ? new RegExp(s.pattern) : null;
  const fitting = known.slugs.filter((v) => v.length <= max && v.length >= min && (!pattern || pattern.test(v)));
  if (s.format === 'uuid') return dirty ? fc.oneof(fc.uuid(), fc.constantFrom(...known.slugs)) : fc.uuid();
  const text = pattern
    ? fc.stringMatching(pattern).filter((v) => v.length <= (s.maxLength ?? Infinity) && v.length >= min)
    : fc.string({ minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
  if (!dirty) return fitting.length ? fc.oneof(fc.constantFrom(...fitting), text) : text;
  return fc.oneof(
    fc.constantFrom(...known.slugs),
    fc.string({ maxLength: max }),
    fc.constantFrom(...(s.maxLength ? ['y'.repeat(s.maxLength + 1)] : ['y'])),
  );
}

/**
 * A value that follows `schema`; when `dirty`, with `hostile` values mixed in at every level.
 * Clean requests reach the handlers; dirty ones test validation and what lies behind it.
 */
export function valueFor(schema: Schema, known: KnownValues, depth = 0, dirty = true): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(schema, known, depth, dirty);
  return dirty ? fc.oneof({ weight: 4, arbitrary: plausible }, { weight: 1, arbitrary: hostile }) : plausible;
}

function plausibleFor(s: Schema, known: KnownValues, depth: number, dirty: boolean): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants) && variants.length)
    return fc.oneof(...variants.map((v: Schema) => plausibleFor(v, known, depth + 1, dirty)));
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringFor(s, known, dirty);
    case 'integer':
      return fc.oneof(
        fc.constantFrom(
          ...known.ids.filter((id) => id >= (s.minimum ?? -Infinity) && id <= (s.maximum ?? Infinity)),
          s.minimum ?? 1,
        ),
        fc.integer({ min: s.minimum ?? (dirty ? -10 : 0), max: Math.min(s.maximum ?? 1000, 2 ** 31) }),
      );
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(s.items ?? {}, known, depth + 1, dirty), {
        minLength: dirty ? 0 : (s.minItems ?? 0),
        maxLength: Math.min(s.maxItems ?? 5, 20) + (dirty ? 1 : 0),
      });
    case 'object':
      return objectFor(s, known, depth + 1, dirty);
    default:
      return hostile;
  }
}

/** An object with its required properties (sometimes one missing), some optional ones and sometimes an extra one. */
export function objectFor(
  s: Schema,
  known: KnownValues,
  depth = 0,
  dirty = true,
): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
  const required = new Set<string>(s.required ?? []);
  if (!props.length) {
    if (!dirty) return fc.constant({});
    return fc.oneof(
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(1, 'x'), { maxKeys: 25 }),
    );
  }
  const record = fc.record(Object.fromEntries(props.map(([k, v]) => [k, valueFor(v, known, depth, dirty)])), {
    requiredKeys: props.filter(([k]) => required.has(k)).map(([k]) => k),
  });
  if (!dirty) return record;
  return fc
    .tuple(record, fc.nat({ max: 9 }), fc.constantFrom(...props.map(([k]) => k)), fc.string({ maxLength: 12 }))
    .map(([obj, dice, victim, extra]) => {
      const out: Record<string, unknown> = { ...obj };
      if (dice === 0) delete out[victim];
      if (dice === 1) out[`extra_${extra}`] = 'unexpected';
      return out;
    });
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, which encodeURIComponent refuses). */
export function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const BROKEN_ESCAPES = ['%', '%E0%A4%A', '%C0%AF', '%00', '%2F..%2F', '%FF%FE'];

function asParameterText(v: unknown): string {
  if (typeof v === 'string') return percentEncode(v);
  if (v === null || v === undefined) return '';
  return percentEncode(typeof v === 'object' ? JSON.stringify(v) : String(v));
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/** Requests for one operation of the document: path, query and body from their schemas. */
export function requestsFor(path: string, op: OpenApiOperation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(requestsOf(path, op, known, false), requestsOf(path, op, known, true));
}

function requestsOf(path: string, op: OpenApiOperation, known: KnownValues, dirty: boolean): fc.Arbitrary<FuzzRequest> {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const paramObject: Schema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body: fc.Arbitrary<{ body?: unknown; rawBody?: string }> = !bodySchema
    ? fc.constant({})
    : !dirty
      ? objectFor(bodySchema, known, 0, false).map((b) => ({ body: b }))
      : fc.oneof(
          { weight: 8, arbitrary: objectFor(bodySchema, known).map((b) => ({ body: b })) },
          { weight: 1, arbitrary: hostile.map((b) => ({ body: b })) },
          {
            weight: 1,
            arbitrary: fc
              .constantFrom(
                deepJson(5_000),
                deepJson(100_000),
                '{"a":',
                '{"a":1,"a":2}',
                'null',
                '"\\ud800"',
                '{"__proto__":{"isAdmin":true}}',
              )
              .map((raw) => ({ rawBody: raw })),
          },
        );
  return fc
    .tuple(
      objectFor(paramObject, known, 0, dirty),
      body,
      fc.nat({ max: dirty ? 19 : 0 }).map((n) => (dirty ? n : 99)),
      fc.constantFrom(...BROKEN_ESCAPES),
    )
    .map(([values, b, dice, broken]) => {
      const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        if (dice === 0) return broken;
        const v = values[name];
        return v === undefined || v === '' ? 'x' : asParameterText(v);
      });
      const query = params
        .filter((p) => p.in === 'query' && values[p.name] !== undefined)
        .map((p) => `${percentEncode(p.name)}=${asParameterText(values[p.name])}`)
        .join('&');
      const args: Record<string, unknown> = { ...values };
      if (b.body && typeof b.body === 'object' && !Array.isArray(b.body)) Object.assign(args, b.body);
      return { path: filled, query: dice === 1 ? `${query}&${broken}=${broken}` : query, ...b, args };
    });
}

/** A fixed seed per operation, so a failure is reproduced by running the file again. */
export function seedOf(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}
