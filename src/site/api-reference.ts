/**
 * Renders the human API reference served at /docs from the same OpenAPI document the API
 * publishes, so the two can never drift apart. Output is one HTML page with its own stylesheet
 * file and no scripts (the site's CSP allows no inline script or style, and nothing here needs one).
 * Every string taken from the document is escaped — tag and field descriptions are plain text.
 */
import crypto from 'node:crypto';

/** The subset of JSON Schema the renderer reads; anything else is carried along untouched. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  [key: string]: unknown;
}

export interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiMediaType { schema?: JsonSchema; [key: string]: unknown }

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  /** Alternatives (OR); `{}` means anonymous access is allowed. */
  security?: Array<Record<string, string[]>>;
}

export interface OpenApiSecurityScheme {
  type: string;
  description?: string;
  scheme?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes?: Record<string, string> }>;
  [key: string]: unknown;
}

export interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string; description?: string; summary?: string };
  servers: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, OpenApiSecurityScheme>; [key: string]: unknown };
}

const OPENAPI_PATH = '/api/v1/openapi.json';
// Path items may also hold `parameters`, `summary`, … — only these keys are operations.
const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

// ---------------------------------------------------------------------------------------------
// Escaping and small text helpers

const esc = (v: unknown): string =>
  String(v).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const code = (v: unknown) => `<code>${esc(v)}</code>`;

/** JSON for display: strings keep their quotes so `"20"` and `20` stay distinguishable. */
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** POSIX single-quoting: the only thing that cannot appear inside '…' is ' itself. */
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * Plain text → HTML: blank lines separate paragraphs, single newlines are kept as breaks and
 * `backtick` spans become <code> (linked when they name another operation, e.g. "poll `get_draft`").
 * Escaping first is what makes the later markup insertion safe: escaped text has no `<` left.
 */
function prose(text: string | undefined, opIds: ReadonlySet<string>, self?: string): string {
  if (!text?.trim()) return '';
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((para) => {
      const inner = esc(para.trim())
        .replace(/\n/g, '<br>')
        .replace(/`([^`]+)`/g, (_m, span: string) => {
          // `span` is already escaped; compare against the escaped id for the link lookup.
          const id = [...opIds].find((o) => esc(o) === span);
          return id && id !== self ? `<a href="#op-${esc(id)}"><code>${span}</code></a>` : `<code>${span}</code>`;
        });
      return `<p>${inner}</p>`;
    })
    .join('\n');
}

/** Inline variant for table cells: no paragraph wrappers. */
function inline(text: string | undefined, opIds: ReadonlySet<string>): string {
  return prose(text, opIds).replace(/<\/p>\n<p>/g, '<br>').replace(/^<p>|<\/p>$/g, '');
}

// ---------------------------------------------------------------------------------------------
// JSON Schema → labels, constraints, examples

const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const alternatives = (s: JsonSchema) => (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined);
const isNull = (s: JsonSchema) => s.type === 'null' || ('const' in s && s.const === null);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
const unique = (xs: string[]) => [...new Set(xs)];

/**
 * TypeBox writes `Nullable(X)` as `anyOf: [X, {type: 'null'}]` and a single-member `allOf` for
 * refinements; for constraints, examples and nesting the interesting part is X. The wrapper's own
 * keywords (description, default) win over X's.
 */
function core(s: JsonSchema): JsonSchema {
  const alts = alternatives(s);
  const { anyOf: _a, oneOf: _o, ...own } = s;
  if (alts) {
    const nonNull = alts.filter((a) => isObject(a) && !isNull(a));
    if (nonNull.length === 1) return { ...core(nonNull[0]), ...own };
    // A union of constants is an enum in all but name (TypeBox `Union([Literal…])`).
    if (nonNull.length > 0 && nonNull.every((a) => 'const' in a)) {
      const types = unique(nonNull.map((a) => jsonType(a.const)));
      return { ...own, type: types.length === 1 ? types[0] : types, enum: nonNull.map((a) => a.const) };
    }
  }
  if (Array.isArray(s.allOf) && s.allOf.length === 1 && isObject(s.allOf[0])) {
    const { allOf: _x, ...rest } = s;
    return { ...core(s.allOf[0]), ...rest };
  }
  return s;
}

function typeLabel(s: JsonSchema | undefined): string {
  if (!isObject(s)) return 'any';
  if (typeof s.$ref === 'string') return s.$ref.split('/').pop() || 'object';
  const alts = alternatives(s);
  if (alts) {
    if (alts.every((a) => isObject(a) && 'const' in a)) return unique(alts.map((a) => jsonType(a.const))).join(' | ');
    return unique(alts.map((a) => typeLabel(a))).join(' | ');
  }
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return typeLabel(s.allOf[0]);
  if ('const' in s) return jsonType(s.const);
  const types = Array.isArray(s.type) ? s.type : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) {
    if (s.properties) return 'object';
    if (s.items) types.push('array');
    else if (Array.isArray(s.enum) && s.enum.length) return unique(s.enum.map(jsonType)).join(' | ');
    else return 'any';
  }
  return types
    .map((t) => {
      if (t !== 'array') return t;
      const item = typeLabel(s.items);
      return `array of ${item.includes('|') ? `(${item})` : item}`;
    })
    .join(' | ');
}

/** Human-readable constraints, each already HTML (values in <code>). */
function constraints(schema: JsonSchema | undefined, nested = false): string[] {
  if (!isObject(schema)) return [];
  const s = core(schema);
  const out: string[] = [];
  if (Array.isArray(s.enum) && s.enum.length) out.push(`one of: ${s.enum.map((v) => code(typeof v === 'string' ? v : show(v))).join(', ')}`);
  if ('const' in s) out.push(`always ${code(show(s.const))}`);
  const num = (v: unknown): v is number => typeof v === 'number';
  if (num(s.minimum) && num(s.maximum)) out.push(esc(`${s.minimum}–${s.maximum}`));
  else if (num(s.minimum)) out.push(esc(`min ${s.minimum}`));
  else if (num(s.maximum)) out.push(esc(`max ${s.maximum}`));
  if (num(s.exclusiveMinimum)) out.push(esc(`> ${s.exclusiveMinimum}`));
  if (num(s.exclusiveMaximum)) out.push(esc(`< ${s.exclusiveMaximum}`));
  if (num(s.minLength) && num(s.maxLength)) out.push(esc(`${s.minLength}–${s.maxLength} chars`));
  else if (num(s.maxLength)) out.push(esc(`max ${plural(s.maxLength, 'char')}`));
  else if (num(s.minLength)) out.push(esc(`min ${plural(s.minLength, 'char')}`));
  if (num(s.minItems) && num(s.maxItems)) out.push(esc(`${s.minItems}–${s.maxItems} items`));
  else if (num(s.maxItems)) out.push(esc(`max ${plural(s.maxItems, 'item')}`));
  else if (num(s.minItems)) out.push(esc(`min ${plural(s.minItems, 'item')}`));
  if (s.uniqueItems === true) out.push('unique items');
  if (typeof s.format === 'string') out.push(`format ${code(s.format)}`);
  if (typeof s.pattern === 'string') out.push(`pattern ${code(s.pattern)}`);
  if (!nested && 'default' in s) out.push(`default ${code(show(s.default))}`);
  // Item rules matter for arrays of enums ("lock these fields"); one level is enough to read.
  if (!nested && isObject(s.items)) {
    const each = constraints(s.items, true);
    if (each.length) out.push(`each: ${each.join(', ')}`);
  }
  return out;
}

const EXAMPLE_BY_FORMAT: Record<string, unknown> = {
  uuid: '00000000-0000-0000-0000-000000000000',
  date: '2025-01-06',
  'date-time': '2025-01-06T09:00:00Z',
  email: 'you@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
};

/** A plausible value for copy-paste examples: declared examples first, then type-based guesses. */
function exampleValue(schema: JsonSchema | undefined, name: string, fallbackString: string, depth = 0): unknown {
  if (!isObject(schema) || depth > 4) return null;
  const s = core(schema);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('example' in s) return s.example;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('default' in s) return s.default;
  const types = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null') : [s.type];
  const type = types[0] ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleValue(s.items, name, fallbackString, depth + 1)];
    case 'object': {
      const required = new Set(s.required ?? []);
      const entries = Object.entries(s.properties ?? {}).filter(([k]) => required.has(k));
      return Object.fromEntries(entries.map(([k, v]) => [k, exampleValue(v, k, 'example', depth + 1)]));
    }
    case 'null':
      return null;
    default: {
      if (typeof s.format === 'string' && s.format in EXAMPLE_BY_FORMAT) return EXAMPLE_BY_FORMAT[s.format];
      if (/url|website|link/i.test(name)) return 'https://example.com';
      if (/email/i.test(name)) return 'you@example.com';
      return fallbackString;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Operation model

interface Op {
  method: string;
  path: string;
  op: OpenApiOperation;
  scopes: string[];
  access: 'public' | 'scoped' | 'signed-in';
  comingSoon: boolean;
}

/**
 * Reads `security` as OpenAPI alternatives: an oauth2 entry listing scopes names what a credential
 * must grant; an empty `{}` alternative means anonymous calls work. A protected op with no scope
 * (only `bearerAuth: []`) still needs a credential, so it is not called public.
 */
function accessOf(op: OpenApiOperation): Pick<Op, 'scopes' | 'access'> {
  const sec = Array.isArray(op.security) ? op.security : [];
  const scoped = sec.find((e) => isObject(e) && Array.isArray(e.oauth2) && e.oauth2.length > 0);
  if (scoped) return { scopes: scoped.oauth2, access: 'scoped' };
  const anonymous = sec.length === 0 || sec.some((e) => isObject(e) && Object.keys(e).length === 0);
  return { scopes: [], access: anonymous ? 'public' : 'signed-in' };
}

function collect(doc: OpenApiDoc): Op[] {
  const ops: Op[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method.toLowerCase()) || !isObject(op)) continue;
      ops.push({ method: method.toUpperCase(), path, op, ...accessOf(op), comingSoon: '501' in (op.responses ?? {}) });
    }
  }
  return ops;
}

/** Groups in the document's tag order; unknown tags follow in first-seen order, untagged last. */
function groupByTag(doc: OpenApiDoc, ops: Op[]) {
  const groups = new Map<string, { description?: string; ops: Op[] }>();
  for (const t of doc.tags ?? []) groups.set(t.name, { description: t.description, ops: [] });
  for (const o of ops) {
    const tag = o.op.tags?.[0] ?? 'Other';
    if (!groups.has(tag)) groups.set(tag, { ops: [] });
    groups.get(tag)!.ops.push(o);
  }
  return [...groups].filter(([, g]) => g.ops.length > 0).map(([name, g], i) => ({ name, id: `tag-${i + 1}-${slug(name)}`, ...g }));
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tag';

const badge = (method: string) => `<span class="m m-${esc(method.toLowerCase())}">${esc(method)}</span>`;
const soonBadge = '<span class="soon">Coming soon</span>';

function scopeHtml(o: Op): string {
  if (o.access === 'scoped') return o.scopes.map(code).join(' and ');
  if (o.access === 'signed-in') return 'Any valid API key or OAuth token';
  return 'Public — no credentials needed';
}

// ---------------------------------------------------------------------------------------------
// Operation sections

function parametersTable(o: Op, opIds: ReadonlySet<string>): string {
  const params = (o.op.parameters ?? []).filter(isObject);
  if (!params.length) return '';
  const rows = params
    .map((p) => {
      const c = constraints(p.schema);
      return `<tr><th scope="row"><code>${esc(p.name)}</code></th><td>${esc(p.in)}</td>`
        + `<td>${p.required ? '<strong>required</strong>' : 'optional'}</td><td>${esc(typeLabel(p.schema))}</td>`
        + `<td>${c.join('<br>')}</td><td>${inline(p.description ?? p.schema?.description, opIds)}</td></tr>`;
    })
    .join('\n');
  return `<h4>Parameters</h4>
<div class="scroll" tabindex="0" role="region" aria-label="Scrollable table"><table><caption class="sr">Parameters of ${esc(o.op.operationId)}</caption>
<thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Constraints</th><th scope="col">Description</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

interface FieldRow { name: string; schema: JsonSchema; required: boolean }

/** Two levels are enough to read every request body here (`fields.tagline`, `faqs[].question`). */
function fieldRows(schema: JsonSchema, prefix: string, depth: number): FieldRow[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const rows: FieldRow[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    if (!isObject(prop)) continue;
    const full = prefix ? `${prefix}.${name}` : name;
    rows.push({ name: full, schema: prop, required: required.has(name) });
    if (depth >= 2) continue;
    const inner = core(prop);
    if (inner.properties) rows.push(...fieldRows(inner, full, depth + 1));
    else if (isObject(inner.items) && core(inner.items).properties) rows.push(...fieldRows(core(inner.items), `${full}[]`, depth + 1));
  }
  return rows;
}

function bodyContent(o: Op): { mediaType: string; schema: JsonSchema } | undefined {
  const content = o.op.requestBody?.content;
  if (!isObject(content)) return undefined;
  const mediaType = 'application/json' in content ? 'application/json' : Object.keys(content)[0];
  if (!mediaType) return undefined;
  const schema = content[mediaType]?.schema;
  return { mediaType, schema: isObject(schema) ? schema : {} };
}

function requestBodySection(o: Op, opIds: ReadonlySet<string>): string {
  const body = bodyContent(o);
  if (!body) return '';
  const s = core(body.schema);
  const intro = [
    `<p>${code(body.mediaType)}${o.op.requestBody?.required ? ', required' : ''}.`
      + (s.additionalProperties === false ? ' Unknown properties are rejected.' : '') + '</p>',
    prose(o.op.requestBody?.description ?? s.description, opIds),
  ].join('\n');
  const rows = fieldRows(s, '', 1);
  if (!rows.length) return `<h4>Request body</h4>\n${intro}\n<p>Type: ${code(typeLabel(body.schema))}</p>`;
  const tr = rows
    .map((r) => `<tr><th scope="row"><code>${esc(r.name)}</code></th><td>${esc(typeLabel(r.schema))}</td>`
      + `<td>${r.required ? '<strong>required</strong>' : 'optional'}</td><td>${constraints(r.schema).join('<br>')}</td>`
      + `<td>${inline(r.schema.description ?? core(r.schema).description, opIds)}</td></tr>`)
    .join('\n');
  return `<h4>Request body</h4>
${intro}
<div class="scroll" tabindex="0" role="region" aria-label="Scrollable table"><table><caption class="sr">Request body fields of ${esc(o.op.operationId)}</caption>
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Constraints</th><th scope="col">Description</th></tr></thead>
<tbody>
${tr}
</tbody></table></div>`;
}

function responsesSection(o: Op, opIds: ReadonlySet<string>): string {
  const entries = Object.entries(o.op.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (!entries.length) return '';
  const rows = entries
    .map(([status, r]) => {
      const types = Object.keys(isObject(r) && isObject(r.content) ? r.content : {});
      const headers = Object.keys(isObject(r) && isObject(r.headers) ? r.headers : {});
      return `<tr><th scope="row">${esc(status)}</th><td>${inline(isObject(r) ? r.description : '', opIds)}`
        + (headers.length ? `<br><span class="muted">Headers: ${headers.map(code).join(', ')}</span>` : '')
        + `</td><td>${types.map(code).join(' ')}</td></tr>`;
    })
    .join('\n');
  return `<h4>Responses</h4>
<div class="scroll" tabindex="0" role="region" aria-label="Scrollable table"><table><caption class="sr">Responses of ${esc(o.op.operationId)}</caption>
<thead><tr><th scope="col">Status</th><th scope="col">Description</th><th scope="col">Body</th></tr></thead>
<tbody>
${rows}
</tbody></table></div>`;
}

/**
 * A copy-paste request: path params filled with examples, required query params appended, a JSON
 * body of the required fields. The bearer header uses double quotes so `$API_KEY` expands.
 */
function curlExample(o: Op, baseUrl: string): string {
  const params = (o.op.parameters ?? []).filter(isObject);
  let path = o.path;
  for (const p of params.filter((x) => x.in === 'path')) {
    const v = exampleValue(p.schema, p.name, `your-${p.name}`);
    path = path.split(`{${p.name}}`).join(encodeURIComponent(String(v)));
  }
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleValue(p.schema, p.name, 'example')))}`);
  const url = baseUrl.replace(/\/+$/, '') + path + (query.length ? `?${query.join('&')}` : '');
  const lines = [o.method === 'GET' ? `curl ${shellQuote(url)}` : `curl -X ${o.method} ${shellQuote(url)}`];
  if (o.access !== 'public') lines.push(`-H "Authorization: Bearer $API_KEY"`);
  for (const p of params.filter((x) => x.in === 'header' && x.required)) {
    lines.push(`-H ${shellQuote(`${p.name}: ${String(exampleValue(p.schema, p.name, 'example'))}`)}`);
  }
  const body = bodyContent(o);
  if (body) {
    lines.push(`-H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
    const value = exampleValue({ ...body.schema, type: 'object' }, 'body', 'example');
    lines.push(`-d ${shellQuote(JSON.stringify(value ?? {}))}`);
  }
  return lines.join(' \\\n  ');
}

function operationSection(o: Op, baseUrl: string, opIds: ReadonlySet<string>): string {
  const id = esc(o.op.operationId);
  const title = o.op.summary?.trim() || o.op.operationId;
  return `<article class="op" id="op-${id}" aria-labelledby="h-${id}">
<h3 id="h-${id}">${esc(title)}${o.comingSoon ? ` ${soonBadge}` : ''} <a class="anchor" href="#op-${id}" aria-label="Link to ${esc(title)}">#</a></h3>
<p class="sig">${badge(o.method)} <code class="path">${esc(o.path)}</code></p>
<dl class="facts">
<div><dt>Operation ID / MCP tool</dt><dd>${code(o.op.operationId)}</dd></div>
<div><dt>Scope</dt><dd>${scopeHtml(o)}</dd></div>
</dl>
${o.comingSoon ? '<p class="note">Declared but not implemented on this server yet: calls return <code>501</code>.</p>' : ''}
${prose(o.op.description, opIds, o.op.operationId)}
${parametersTable(o, opIds)}
${requestBodySection(o, opIds)}
${responsesSection(o, opIds)}
<h4>Example</h4>
<pre class="curl" tabindex="0"><code>${esc(curlExample(o, baseUrl))}</code></pre>
</article>`;
}

// ---------------------------------------------------------------------------------------------
// Page

function scopesList(doc: OpenApiDoc): string {
  const items: string[] = [];
  for (const scheme of Object.values(doc.components?.securitySchemes ?? {})) {
    if (!isObject(scheme) || scheme.type !== 'oauth2' || !isObject(scheme.flows)) continue;
    for (const flow of Object.values(scheme.flows)) {
      if (!isObject(flow)) continue;
      if (flow.authorizationUrl || flow.tokenUrl) {
        items.push(`<p>OAuth 2: authorize at ${code(flow.authorizationUrl ?? '')}, exchange the code at ${code(flow.tokenUrl ?? '')}. Scopes:</p>`);
      }
      const scopes = Object.entries(isObject(flow.scopes) ? flow.scopes : {});
      if (scopes.length) {
        items.push(`<dl class="scopes">${scopes.map(([k, v]) => `<div><dt>${code(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>`);
      }
    }
  }
  return unique(items).join('\n');
}

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#16181d;--muted:#565c6a;--line:#e1e4ea;--accent:#c2410c;--card:#f6f7f9;--code:#eef0f4}
@media (prefers-color-scheme:dark){:root{--bg:#14161a;--fg:#eceef2;--muted:#a9afbb;--line:#2c3038;--accent:#fb923c;--card:#1b1e24;--code:#23272f}}
*{box-sizing:border-box}html{scroll-padding-top:1rem}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
code,pre{font:0.9em/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);border-radius:4px;padding:.05em .3em;overflow-wrap:anywhere}
pre{background:var(--code);border:1px solid var(--line);border-radius:8px;padding:.8rem 1rem;overflow-x:auto}pre code{background:none;padding:0}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:10}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.layout{display:grid;grid-template-columns:minmax(15rem,18rem) minmax(0,1fr);gap:2rem;max-width:1280px;margin:0 auto;padding:0 1.5rem}
.toc{position:sticky;top:0;max-height:100vh;overflow-y:auto;padding:1.5rem 0;font-size:.92rem}
.toc h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:1.2rem 0 .3rem}
.toc ul{list-style:none;margin:0;padding:0}.toc li{margin:.15rem 0}.toc a{color:var(--fg);text-decoration:none}.toc a:hover{text-decoration:underline}
main{padding:1.5rem 0 4rem;min-width:0}h1{font-size:2rem;margin:.2rem 0 .4rem}
h2{font-size:1.45rem;margin:2.5rem 0 .6rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{font-size:1.2rem;margin:0 0 .4rem}h4{font-size:1rem;margin:1.2rem 0 .4rem}
.muted,.meta{color:var(--muted)}.intro dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}.intro dt{font-weight:600}.intro dd{margin:0}
.op{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1.1rem 1.3rem;margin:1.2rem 0}
.anchor{text-decoration:none;color:var(--muted);font-weight:400}
.sig{margin:.2rem 0 .6rem}.path{font-size:1rem}
.m{display:inline-block;min-width:3.6rem;text-align:center;font:700 .75rem/1.6 ui-monospace,monospace;border-radius:4px;padding:0 .35rem;color:#fff;background:#4b5563}
.m-get{background:#15803d}.m-post{background:#1d4ed8}.m-put,.m-patch{background:#b45309}.m-delete{background:#b91c1c}
.soon{display:inline-block;font-size:.72rem;font-weight:600;vertical-align:middle;border:1px solid var(--accent);color:var(--accent);border-radius:99px;padding:0 .5rem}
.facts{display:flex;flex-wrap:wrap;gap:.3rem 2rem;margin:.4rem 0}.facts dt{font-size:.8rem;color:var(--muted)}.facts dd{margin:0}
.scopes{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}.scopes div{display:contents}.scopes dd{margin:0}
.note{border-left:3px solid var(--accent);padding-left:.7rem}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;vertical-align:top;border-bottom:1px solid var(--line);padding:.35rem .5rem}thead th{font-size:.8rem;color:var(--muted)}
tbody th{font-weight:400;white-space:nowrap}
@media (max-width:860px){.layout{grid-template-columns:1fr}.toc{position:static;max-height:none;border-bottom:1px solid var(--line)}}
`;

/** The reference's own stylesheet, served as a file (the CSP allows no inline style); its address changes with its content. */
export const DOCS_STYLESHEET = STYLE;
export const DOCS_STYLESHEET_PATH = `/assets/docs.${crypto.createHash('sha256').update(STYLE).digest('hex').slice(0, 12)}.css`;

export function renderApiReference(doc: OpenApiDoc, opts: { publicUrl: string }): string {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const baseUrl = doc.servers?.[0]?.url || `${publicUrl}/api/v1`;
  const ops = collect(doc);
  const opIds = new Set(ops.map((o) => o.op.operationId));
  const groups = groupByTag(doc, ops);
  const title = doc.info?.title || 'API';
  const mcpUrl = `${publicUrl}/mcp`;
  const mcpConfig = JSON.stringify({ mcpServers: { launchdeck: { url: mcpUrl } } }, null, 2);

  const toc = `<nav class="toc" aria-label="API reference contents">
<h2>Overview</h2>
<ul><li><a href="#authentication">Authentication</a></li><li><a href="#errors">Errors and rate limits</a></li><li><a href="#mcp">MCP</a></li></ul>
${groups
    .map((g) => `<h2><a href="#${esc(g.id)}">${esc(g.name)}</a></h2>
<ul>
${g.ops.map((o) => `<li><a href="#op-${esc(o.op.operationId)}">${badge(o.method)} ${esc(o.op.summary?.trim() || o.op.operationId)}</a>${o.comingSoon ? ` ${soonBadge}` : ''}</li>`).join('\n')}
</ul>`)
    .join('\n')}
</nav>`;

  const intro = `<header class="intro">
<h1>${esc(title)} reference</h1>
<p class="meta">Version ${esc(doc.info?.version ?? '')} · OpenAPI ${esc(doc.openapi ?? '')}</p>
${doc.info?.summary ? `<p>${esc(doc.info.summary)}</p>` : ''}
${prose(doc.info?.description, opIds)}
<dl>
<dt>Base URL</dt><dd>${code(baseUrl)}</dd>
<dt>OpenAPI</dt><dd><a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (machine-readable; import it into your client generator)</dd>
<dt>MCP server</dt><dd>${code(mcpUrl)}</dd>
</dl>
</header>`;

  const auth = `<section id="authentication" aria-labelledby="authentication-h">
<h2 id="authentication-h">Authentication</h2>
<p>Operations marked <strong>Public</strong> need no credentials. All others need a header</p>
<pre tabindex="0"><code>Authorization: Bearer &lt;API key or OAuth token&gt;</code></pre>
<p>and the credential must grant the <strong>scope</strong> named on the operation. Create an API key on your account page, or have an app obtain an OAuth access token on your behalf.</p>
${scopesList(doc)}
</section>
<section id="errors" aria-labelledby="errors-h">
<h2 id="errors-h">Errors and rate limits</h2>
<p>Errors are <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details, served as ${code('application/problem+json')}:</p>
<pre tabindex="0"><code>${esc(JSON.stringify({ type: 'https://launchdeck.dev/problems/invalid-request', title: 'Bad Request', status: 400, detail: 'body.fields.tagline: must be at most 80 characters', errors: [{ path: 'body.fields.tagline', message: 'must be at most 80 characters' }] }, null, 2))}</code></pre>
<p>${code('errors')} names each invalid field by its dotted ${code('path')} and says why. A ${code('429')} response means you are rate limited: wait the number of seconds in its ${code('Retry-After')} header; its ${code('RateLimit-Limit')}, ${code('RateLimit-Remaining')} and ${code('RateLimit-Reset')} headers describe the current window.</p>
</section>
<section id="mcp" aria-labelledby="mcp-h">
<h2 id="mcp-h">MCP</h2>
<p>Every operation below is also an MCP tool with the same name (its operation ID) on the MCP server at ${code(mcpUrl)}. Tools take the same inputs and need the same scopes. Add it to an MCP client:</p>
<pre tabindex="0"><code>${esc(mcpConfig)}</code></pre>
</section>`;

  const sections = groups
    .map((g) => `<section id="${esc(g.id)}" aria-labelledby="${esc(g.id)}-h">
<h2 id="${esc(g.id)}-h">${esc(g.name)}</h2>
${g.description ? `<p class="muted">${esc(g.description)}</p>` : ''}
${g.ops.map((o) => operationSection(o, baseUrl, opIds)).join('\n')}
</section>`)
    .join('\n');

  const description = doc.info?.summary || doc.info?.description || `${title} reference`;
  // Blank lines left by empty optional parts are dropped to keep the page source tidy.
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} reference</title>
<meta name="description" content="${esc(description.split('\n')[0])}">
<link rel="alternate" type="application/vnd.oai.openapi+json" href="${OPENAPI_PATH}">
<link rel="stylesheet" href="${DOCS_STYLESHEET_PATH}">
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<div class="layout">
${toc}
<main id="content">
${intro}
${auth}
${sections}
</main>
</div>
</body>
</html>
`.replace(/\n{2,}/g, '\n');
}
