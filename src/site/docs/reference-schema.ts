/**
 * JSON Schemas of the OpenAPI document as readable field lists for /docs: each field's name, type,
 * whether it is required, its description and its limits, nested objects indented. Rendered on the
 * server, so the reference needs no script and no schema library in the browser.
 */
import { html, type SafeHtml } from '../html.js';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxProperties?: number;
  default?: unknown;
}

/** Where `$ref`s point: the document's components. */
export type SchemaRefs = Record<string, JsonSchema | undefined>;

// Deep enough for every schema of the registry (an order's items' options); a deeper (or cyclic) one is cut.
const MAX_DEPTH = 4;

export function resolved(schema: JsonSchema | undefined, refs: SchemaRefs): JsonSchema {
  let s = schema ?? {};
  for (let hops = 0; s.$ref && hops < 8; hops++) s = refs[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

/** The non-null alternatives of an anyOf/oneOf, and whether null is one of them. */
function alternatives(s: JsonSchema, refs: SchemaRefs): { options: JsonSchema[]; nullable: boolean } {
  const list = s.anyOf ?? s.oneOf;
  if (!list) {
    const types = Array.isArray(s.type) ? s.type : [];
    if (types.includes('null')) return { options: [{ ...s, type: types.filter((t) => t !== 'null') }], nullable: true };
    return { options: [s], nullable: false };
  }
  const options = list.map((o) => resolved(o, refs)).filter((o) => o.type !== 'null');
  return { options, nullable: options.length < list.length };
}

function baseType(s: JsonSchema, refs: SchemaRefs): string {
  if (s.enum) return 'enum';
  if (s.const !== undefined) return 'constant';
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') {
    const items = alternatives(resolved(s.items, refs), refs).options;
    return `array of ${items.map((i) => baseType(i, refs)).join(' | ') || 'any'}`;
  }
  if (type) return s.format ? `${type} (${s.format})` : type;
  if (s.properties) return 'object';
  return 'any';
}

/** "string | null", "array of object", "string (date-time)". */
export function typeLabel(schema: JsonSchema | undefined, refs: SchemaRefs): string {
  const { options, nullable } = alternatives(resolved(schema, refs), refs);
  const label = [...new Set(options.map((o) => baseType(o, refs)))].join(' | ') || 'any';
  return nullable ? `${label} | null` : label;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const range = (min: number | undefined, max: number | undefined, unit: (n: number) => string) =>
  min !== undefined && max !== undefined
    ? min === max
      ? unit(min)
      : `${min} to ${unit(max)}`
    : min !== undefined
      ? `at least ${unit(min)}`
      : max !== undefined
        ? `at most ${unit(max)}`
        : '';

/** The limits a value must meet, in words: "1 to 60 characters", "at most 20 items", "matches ^…$". */
export function limitsOf(schema: JsonSchema | undefined, refs: SchemaRefs): string[] {
  const s = alternatives(resolved(schema, refs), refs).options[0] ?? {};
  const out: string[] = [];
  if (s.enum) out.push(`one of ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (s.const !== undefined) out.push(`always ${JSON.stringify(s.const)}`);
  const chars = range(s.minLength, s.maxLength, (n) => plural(n, 'character'));
  if (chars) out.push(chars);
  const value = range(s.minimum, s.maximum, String);
  if (value) out.push(value);
  const items = range(s.minItems, s.maxItems, (n) => plural(n, 'item'));
  if (items) out.push(items);
  if (s.maxProperties !== undefined) out.push(`at most ${plural(s.maxProperties, 'key')}`);
  if (s.pattern) out.push(`matches ${s.pattern}`);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** The object whose fields a value holds (directly, as array items, or as the non-null alternative), if any. */
function objectInside(schema: JsonSchema | undefined, refs: SchemaRefs): JsonSchema | null {
  for (const option of alternatives(resolved(schema, refs), refs).options) {
    const s = option.type === 'array' ? resolved(option.items, refs) : option;
    const inner = s.type === 'array' ? null : alternatives(s, refs).options.find((o) => o.properties);
    if (inner?.properties && Object.keys(inner.properties).length) return inner;
  }
  return null;
}

/** Inline `code` in a description, the rest escaped. */
export function describedText(text: string): SafeHtml {
  return html`${text.split(/(`[^`\n]+`)/).map((part) => (/^`[^`]+`$/.test(part) ? html`<code>${part.slice(1, -1)}</code>` : part))}`;
}

export interface FieldRow {
  name: string;
  schema: JsonSchema | undefined;
  required: boolean;
  /** Where a parameter goes: path, query, header. */
  in?: string;
  description?: string;
}

/** How fields are shown: a response's fields are all present, so "required" is only said of inputs. */
export interface FieldListOptions {
  input: boolean;
}

/** A list of fields, each with its nested fields (objects, arrays of objects) below it. */
export function fieldList(rows: FieldRow[], refs: SchemaRefs, opts: FieldListOptions, depth = 0): SafeHtml {
  return html`<ul class="ref-fields">${rows.map((row) => {
    const s = resolved(row.schema, refs);
    const description = row.description ?? s.description ?? alternatives(s, refs).options[0]?.description;
    const limits = limitsOf(s, refs);
    const inner = depth < MAX_DEPTH ? objectInside(s, refs) : null;
    return html`<li><code class="ref-name">${row.name}</code> <span class="ref-type">${typeLabel(s, refs)}</span>${row.in ? html` <span class="ref-in">in ${row.in}</span>` : ''}${row.required && opts.input ? html` <span class="ref-required">required</span>` : ''}${description ? html`<br>${describedText(description)}` : ''}${limits.length ? html`<br><span class="ref-limits">${limits.join(' · ')}</span>` : ''}${inner ? objectFields(inner, refs, opts, depth + 1) : ''}</li>`;
  })}</ul>`;
}

/** The fields of an object schema (`additionalProperties` noted when it takes any key). */
export function objectFields(schema: JsonSchema, refs: SchemaRefs, opts: FieldListOptions, depth = 0): SafeHtml {
  const s = resolved(schema, refs);
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    schema: p,
    required: required.has(name),
  }));
  if (!rows.length) return html``;
  return fieldList(rows, refs, opts, depth);
}

/** A value of the schema's shape for examples: required fields only, placeholders by type and format. */
export function exampleOf(schema: JsonSchema | undefined, refs: SchemaRefs, depth = 0): unknown {
  const s = alternatives(resolved(schema, refs), refs).options[0] ?? {};
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'array') return depth < MAX_DEPTH ? [exampleOf(s.items, refs, depth + 1)] : [];
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    if (depth >= MAX_DEPTH) return out;
    for (const name of s.required ?? []) out[name] = exampleOf(s.properties?.[name], refs, depth + 1);
    return out;
  }
  if (type === 'integer' || type === 'number') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  switch (s.format) {
    case 'uri':
      return 'https://example.com';
    case 'email':
      return 'you@example.com';
    case 'date':
      return '2026-12-07';
    case 'date-time':
      return '2026-12-07T09:00:00Z';
    default:
      return 'string';
  }
}
