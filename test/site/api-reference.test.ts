import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderApiReference, type OpenApiDoc, DOCS_STYLESHEET_PATH } from '../../src/site/api-reference.js';

const PUBLIC_URL = 'https://ld.example';
const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const ok = { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } };
type Security = Array<Record<string, string[]>>;
const PUBLIC: Security = [{}, { bearerAuth: [] }, { oauth2: [] }];
const scoped = (scope: string): Security => [{ bearerAuth: [] }, { oauth2: [scope] }];

// Paths are deliberately listed out of tag order (Submit first) to prove grouping follows `tags`.
const doc: OpenApiDoc = {
  openapi: '3.1.0',
  info: { title: 'Launchdeck API', version: '1.0.0', description: 'Products and launches.' },
  servers: [{ url: `${PUBLIC_URL}/api/v1` }],
  tags: [
    { name: 'Listings', description: 'Search and read product listings' },
    { name: 'Submit', description: 'Submit a product by its URL' },
    { name: 'Orders', description: 'Price orders and check out' },
  ],
  paths: {
    '/drafts/{id}': {
      patch: {
        operationId: 'update_draft',
        tags: ['Submit'],
        summary: 'Edit a draft',
        description: 'Set or lock fields.\n\nAfter `submit_draft`, `get_listing` shows the change.',
        parameters: [{ name: 'id', in: 'path', required: true, description: 'Draft id', schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['url'],
                properties: {
                  url: { type: 'string', minLength: 1, maxLength: 2048, description: 'Public website' },
                  fields: {
                    type: 'object',
                    properties: {
                      tagline: { anyOf: [{ type: 'string', maxLength: 80 }, { type: 'null' }] },
                      pricing: { type: 'string', enum: ['free', 'paid'] },
                    },
                  },
                  lock_fields: { type: 'array', items: { type: 'string' }, maxItems: 20 },
                },
              },
            },
          },
        },
        responses: { 200: ok, 400: problem('Invalid request'), 401: problem('Missing credential') },
        security: scoped('listings:write'),
      },
    },
    '/listings': {
      get: {
        operationId: 'search_listings',
        tags: ['Listings'],
        summary: 'Search listings',
        description: 'Full-text search.',
        parameters: [
          { name: 'q', in: 'query', required: true, description: 'Search text', schema: { type: 'string', maxLength: 200 } },
          { name: 'per_page', in: 'query', required: false, description: 'Items per page', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          { name: 'sort', in: 'query', required: false, schema: { type: 'string', enum: ['newest', 'top'] } },
        ],
        responses: { 200: ok, 400: problem('Invalid request') },
        security: PUBLIC,
      },
    },
    '/listings/{slug}': {
      get: {
        operationId: 'get_listing',
        tags: ['Listings'],
        summary: 'Get a listing',
        description: 'One listing.',
        parameters: [{ name: 'slug', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9-]+$' } }],
        responses: { 200: ok, 404: problem('Not found') },
        security: PUBLIC,
      },
    },
    '/orders': {
      post: {
        operationId: 'create_order',
        tags: ['Orders'],
        summary: 'Create an order',
        description: 'Starts checkout.',
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['plan'], properties: { plan: { type: 'string', enum: ['boost'] } } } } } },
        responses: { 201: ok, 501: problem('Declared but not implemented yet on this server') },
        security: scoped('orders:write'),
      },
    },
  },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
};

const page = renderApiReference(doc, { publicUrl: PUBLIC_URL });

/** The HTML of one operation's <article>, so assertions cannot match a neighbour. */
function section(html: string, operationId: string): string {
  const start = html.indexOf(`<article class="op" id="op-${operationId}"`);
  assert.ok(start >= 0, `no section for ${operationId}`);
  return html.slice(start, html.indexOf('</article>', start));
}

const toc = (html: string) => html.slice(html.indexOf('<nav class="toc"'), html.indexOf('</nav>'));

test('every operation appears with its anchor and a table-of-contents link', () => {
  for (const id of ['update_draft', 'search_listings', 'get_listing', 'create_order']) {
    assert.ok(page.includes(`id="op-${id}"`), id);
    assert.ok(toc(page).includes(`href="#op-${id}"`), id);
    assert.ok(section(page, id).includes(`<code>${id}</code>`), id);
  }
});

test('page is a complete HTML document whose only asset is its own stylesheet, with no inline style or script', () => {
  assert.match(page, /^<!doctype html>\n<html lang="en">/);
  assert.ok(page.trimEnd().endsWith('</html>'));
  assert.doesNotMatch(page, /<script|<style|style="|<img /);
  assert.deepEqual([...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]), [DOCS_STYLESHEET_PATH]);
  assert.ok(page.includes('href="/api/v1/openapi.json"'));
  assert.ok(page.includes(`<code>${PUBLIC_URL}/api/v1</code>`));
});

test('table of contents is grouped by tag in the document order', () => {
  const nav = toc(page);
  const positions = ['Listings', 'Submit', 'Orders'].map((t) => nav.indexOf(`>${t}</a></h2>`));
  assert.ok(positions.every((p) => p >= 0), String(positions));
  assert.deepEqual([...positions].sort((a, b) => a - b), positions);
  // Each operation sits under its own tag's heading.
  assert.ok(nav.indexOf('#op-search_listings') > positions[0] && nav.indexOf('#op-search_listings') < positions[1]);
  assert.ok(nav.indexOf('#op-update_draft') > positions[1] && nav.indexOf('#op-update_draft') < positions[2]);
  assert.ok(nav.indexOf('#op-create_order') > positions[2]);
});

test('protected operations show their scope and public ones say Public', () => {
  assert.ok(section(page, 'update_draft').includes('<code>listings:write</code>'));
  assert.ok(section(page, 'create_order').includes('<code>orders:write</code>'));
  assert.match(section(page, 'search_listings'), /<dt>Scope<\/dt><dd>Public/);
  assert.doesNotMatch(section(page, 'search_listings'), /listings:write/);
});

test('parameter constraints are shown', () => {
  const s = section(page, 'search_listings');
  assert.ok(s.includes('max 200 chars'));
  assert.ok(s.includes('1–100'));
  assert.ok(s.includes('default <code>20</code>'));
  assert.ok(s.includes('one of: <code>newest</code>, <code>top</code>'));
  assert.ok(section(page, 'get_listing').includes('pattern <code>^[a-z0-9-]+$</code>'));
  assert.ok(section(page, 'update_draft').includes('format <code>uuid</code>'));
});

test('request body fields use dotted names for nested properties', () => {
  const s = section(page, 'update_draft');
  for (const name of ['url', 'fields', 'fields.tagline', 'fields.pricing', 'lock_fields']) {
    assert.ok(s.includes(`<th scope="row"><code>${name}</code></th>`), name);
  }
  assert.ok(s.includes('<td>string | null</td>'));
  assert.ok(s.includes('<td>array of string</td>'));
  assert.ok(s.includes('max 80 chars'));
  assert.ok(s.includes('max 20 items'));
  assert.ok(s.includes('1–2048 chars'));
});

test('curl example uses the server URL and sends Authorization only for protected operations', () => {
  const curl = (id: string) => {
    const s = section(page, id);
    return s.slice(s.indexOf('<pre class="curl"'), s.indexOf('</pre>', s.indexOf('<pre class="curl"')));
  };
  assert.ok(curl('search_listings').includes(`curl &#39;${PUBLIC_URL}/api/v1/listings?q=example&#39;`));
  assert.doesNotMatch(curl('search_listings'), /Authorization/);
  assert.doesNotMatch(curl('get_listing'), /Authorization/);

  const patch = curl('update_draft');
  assert.ok(patch.includes(`-X PATCH &#39;${PUBLIC_URL}/api/v1/drafts/00000000-0000-0000-0000-000000000000&#39;`));
  assert.ok(patch.includes('Authorization: Bearer $API_KEY'));
  assert.ok(patch.includes('Content-Type: application/json'));
  assert.ok(patch.includes('-d &#39;{&quot;url&quot;:&quot;https://example.com&quot;}&#39;'));
  assert.ok(curl('create_order').includes('{&quot;plan&quot;:&quot;boost&quot;}'));
});

test('text from the document is HTML-escaped', () => {
  const hostile: OpenApiDoc = {
    ...doc,
    info: { ...doc.info, title: 'T <b>x</b>' },
    tags: [{ name: 'Evil & Co', description: '<img src=x onerror=alert(1)>' }],
    paths: {
      '/things/{a"b&c}': {
        get: {
          operationId: 'get_thing',
          tags: ['Evil & Co'],
          summary: 'Thing "quoted"',
          description: 'Hi <script>alert(1)</script> and `<i>code</i>`',
          parameters: [{ name: 'a"b&c', in: 'path', required: true, description: '<u>x</u>', schema: { type: 'string' } }],
          responses: { 200: { description: '<em>ok</em>' } },
          security: [{}],
        },
      },
    },
  };
  const html = renderApiReference(hostile, { publicUrl: 'https://x.example/"><script>' });
  assert.ok(!html.includes('<script'));
  assert.ok(html.includes('Hi &lt;script&gt;alert(1)&lt;/script&gt;'));
  assert.ok(html.includes('<code>&lt;i&gt;code&lt;/i&gt;</code>'));
  assert.ok(!html.includes('a"b&c'));
  assert.ok(html.includes('<code>a&quot;b&amp;c</code>'));
  assert.ok(html.includes('/things/{a&quot;b&amp;c}'));
  assert.ok(!/<(img|u|em|b|i)[ >]/.test(html));
  assert.ok(html.includes('Evil &amp; Co'));
});

test('operations answering 501 are marked coming soon', () => {
  assert.ok(section(page, 'create_order').includes('Coming soon'));
  for (const id of ['update_draft', 'search_listings', 'get_listing']) {
    assert.ok(!section(page, id).includes('Coming soon'), id);
  }
  const nav = toc(page);
  const entry = nav.slice(nav.indexOf('#op-create_order'), nav.indexOf('</li>', nav.indexOf('#op-create_order')));
  assert.ok(entry.includes('Coming soon'));
});

test('MCP section names the endpoint and gives a client config', () => {
  assert.ok(page.includes(`<code>${PUBLIC_URL}/mcp</code>`));
  const config = JSON.stringify({ mcpServers: { launchdeck: { url: `${PUBLIC_URL}/mcp` } } }, null, 2);
  assert.ok(page.includes(config.replace(/"/g, '&quot;')));
});

test('description paragraphs and backtick spans become HTML, linking named operations', () => {
  const s = section(page, 'update_draft');
  assert.ok(s.includes('<p>Set or lock fields.</p>'));
  assert.ok(s.includes('<p>After <code>submit_draft</code>, '));
  assert.ok(s.includes('<a href="#op-get_listing"><code>get_listing</code></a>'));
});
