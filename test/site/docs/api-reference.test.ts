import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describeEachDatabase } from '../../support/app.js';
import {
  renderApiReferencePage,
  renderResponsePage,
  type ApiDocument,
} from '../../../src/site/docs/api-reference-page.js';
import { DOCS_ASSETS } from '../../../src/site/docs/docs-assets.js';
import { apiOperations as operations } from '../../../src/api/operations/index.js';

const PUBLIC_URL = 'https://ld.example';
const SITE = { siteName: 'Launchdeck', publicUrl: PUBLIC_URL };

const doc: ApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Launchdeck API', version: '1.0.0', summary: 'Products and launches' },
  servers: [{ url: `${PUBLIC_URL}/api/v1` }],
  tags: [
    { name: 'Listings', description: 'Search and read product listings' },
    { name: 'Submit', description: 'Submit a product by its URL' },
  ],
  paths: {
    // Listed before Listings on purpose: the list follows the document's tag order.
    '/submissions': {
      post: {
        operationId: 'submit_listing',
        tags: ['Submit'],
        summary: 'Submit a product',
        description: 'Crawls the site and drafts the listing.\n\nMCP tool: `submit_listing`.',
        security: [{ bearerAuth: [] }, { oauth2: ['listings:write'] }],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['url'],
                properties: {
                  url: { type: 'string', format: 'uri', maxLength: 2048, description: "The product's website" },
                  notes: { anyOf: [{ type: 'string', maxLength: 500 }, { type: 'null' }] },
                  founders: {
                    type: 'array',
                    maxItems: 10,
                    items: {
                      type: 'object',
                      required: ['name'],
                      properties: { name: { type: 'string', minLength: 1 } },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          '202': {
            description: 'Accepted',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { draft_id: { type: 'integer', description: 'Poll get_draft' } },
                },
              },
            },
          },
          '400': { $ref: '#/components/responses/BadRequest' },
        },
      },
    },
    '/listings': {
      get: {
        operationId: 'search_listings',
        tags: ['Listings'],
        summary: 'Search listings',
        security: [{}, { bearerAuth: [] }, { oauth2: [] }],
        parameters: [
          { name: 'q', in: 'query', description: 'Search text', schema: { type: 'string', maxLength: 200 } },
          { name: 'per_page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        ],
      },
      parameters: [{ name: 'not-an-operation' }],
    },
  },
  components: {
    schemas: { Problem: { type: 'object', properties: { detail: { type: 'string' } } } },
    responses: { BadRequest: { description: 'Invalid request: `errors` names each invalid field and why' } },
  },
};

/** Every element of a kind with its attributes, as the browser would see them (good enough for our own markup). */
const tags = (page: string, name: string) =>
  [...page.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => m[1]);
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
/** The scripts that run: JSON-LD blocks (the breadcrumbs for search engines) are data, never run. */
const scriptTags = (page: string) => tags(page, 'script').filter((a) => attr(a, 'type') !== 'application/ld+json');
/** The section of one operation. */
const section = (page: string, operationId: string) => {
  const start = page.indexOf(`<section class="ref-op" id="op-${operationId}"`);
  return start < 0 ? '' : page.slice(start, page.indexOf('</section>', start));
};

describe('the /docs page', () => {
  test('is a page of the site: its header, navigation and footer around the reference', () => {
    const page = renderApiReferencePage(doc, SITE);
    assert.match(page, /<header class="top">/);
    assert.match(page, /<nav class="sections" aria-label="Main">/);
    assert.match(page, /<footer class="site">/);
    assert.match(
      page,
      /<main id="main">[\s\S]*<div class="ref-layout">[\s\S]*<\/main>/,
      'the reference sits inside the main content',
    );
    assert.match(page, /<title>API reference — Launchdeck<\/title>/);
    assert.match(page, /<link rel="canonical" href="https:\/\/ld\.example\/docs">/);
    assert.match(page, /<h1>Launchdeck API reference<\/h1>/);
  });

  test('shows the visitor signed in when they are', () => {
    assert.match(renderApiReferencePage(doc, SITE), /href="\/signin"/);
    const signedIn = renderApiReferencePage(doc, { ...SITE, user: { email: 'ada@example.com' } });
    assert.match(signedIn, /href="\/account"/);
    assert.doesNotMatch(signedIn, /href="\/signin"/);
  });

  test('introduces the API before the operations: base URL, authentication, errors, the OpenAPI document and the MCP page', () => {
    const page = renderApiReferencePage(doc, SITE);
    const intro = page.slice(page.indexOf('<h1>'), page.indexOf('<div class="ref-layout">'));
    assert.match(intro, /<dt>Base URL<\/dt><dd><code>https:\/\/ld\.example\/api\/v1<\/code>/);
    assert.match(intro, /Authorization: Bearer &lt;API key or OAuth token&gt;/);
    assert.match(intro, /<a href="#errors">RFC 9457 problem details<\/a>/);
    assert.match(intro, /<a href="\/api\/v1\/openapi\.json">/);
    assert.match(intro, /<a href="\/docs\/mcp">/);
    assert.match(intro, /https:\/\/ld\.example\/mcp/);
    assert.match(
      page,
      /<link rel="alternate" type="application\/vnd\.oai\.openapi\+json" href="\/api\/v1\/openapi\.json"/,
    );
  });

  test('loads only its own small script and stylesheet from our origin, deferred, with no inline script or style', () => {
    const page = renderApiReferencePage(doc, SITE);
    const scripts = scriptTags(page);
    assert.deepEqual(
      scripts.map((a) => attr(a, 'src')),
      [DOCS_ASSETS.script],
    );
    assert.match(scripts[0], / defer\b/, 'the script waits for the page');
    assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)(?! type="application\/ld\+json")[^>]*>/, 'no inline script');
    const stylesheets = tags(page, 'link')
      .filter((a) => attr(a, 'rel') === 'stylesheet')
      .map((a) => attr(a, 'href')!);
    assert.ok(stylesheets.includes(DOCS_ASSETS.stylesheet));
    for (const url of [...scripts.map((a) => attr(a, 'src')!), ...stylesheets])
      assert.match(url, /^\/assets\//, `${url} is one of our own files`);
    assert.doesNotMatch(page, /<style\b|\sstyle="/, 'no inline style');
    assert.doesNotMatch(page, /unpkg|jsdelivr|cdnjs|swagger/i);
  });

  test("groups operations by tag in the document's order, each with its method, full path, summary, operation ID and scope", () => {
    const page = renderApiReferencePage(doc, SITE);
    assert.ok(
      page.indexOf('<h2 id="tag-listings-title">Listings</h2>') < page.indexOf('<h2 id="tag-submit-title">Submit</h2>'),
    );
    const search = section(page, 'search_listings');
    assert.match(
      search,
      /<span class="api-method api-get">GET<\/span> <span class="ref-op-title">Search listings<\/span>/,
    );
    assert.match(search, /<code>\/api\/v1\/listings<\/code>/);
    assert.match(search, /<code>search_listings<\/code> · public: no credentials needed/);
    const submit = section(page, 'submit_listing');
    assert.match(submit, /needs scope <code>listings:write<\/code>/);
    assert.doesNotMatch(page, /not-an-operation/, 'path-level parameters are not operations');
  });

  test('lists every operation in a table of contents that links to its section', () => {
    const page = renderApiReferencePage(doc, SITE);
    const toc = page.slice(
      page.indexOf('<nav class="ref-toc"'),
      page.indexOf('</nav>', page.indexOf('<nav class="ref-toc"')),
    );
    assert.match(toc, /<a href="#tag-listings">Listings<\/a>/);
    assert.match(toc, /<a href="#op-search_listings">/);
    assert.match(toc, /<a href="#op-submit_listing">/);
    assert.match(toc, /<a href="#errors">Errors<\/a>/);
  });

  test('shows parameters with where they go, their type, limits and default', () => {
    const search = section(renderApiReferencePage(doc, SITE), 'search_listings');
    assert.match(search, /<h4>Parameters<\/h4>/);
    assert.match(
      search,
      /<code class="ref-name">q<\/code> <span class="ref-type">string<\/span> <span class="ref-in">in query<\/span><br>Search text<br><span class="ref-limits">at most 200 characters<\/span>/,
    );
    assert.match(
      search,
      /<code class="ref-name">per_page<\/code> <span class="ref-type">integer<\/span>[\s\S]*1 to 100 · default 20/,
    );
  });

  test('shows the request body field by field: required fields, nullable types, nested objects in arrays', () => {
    const submit = section(renderApiReferencePage(doc, SITE), 'submit_listing');
    assert.match(submit, /<h4>Request body <span class="ref-type">application\/json<\/span><\/h4>/);
    assert.match(
      submit,
      /<code class="ref-name">url<\/code> <span class="ref-type">string \(uri\)<\/span> <span class="ref-required">required<\/span><br>The product&#39;s website/,
    );
    assert.match(
      submit,
      /<code class="ref-name">notes<\/code> <span class="ref-type">string \| null<\/span><br><span class="ref-limits">at most 500 characters/,
    );
    assert.match(
      submit,
      /<code class="ref-name">founders<\/code> <span class="ref-type">array of object<\/span>[\s\S]*at most 10 items<\/span><ul class="ref-fields"><li><code class="ref-name">name<\/code>/,
    );
  });

  test("links each success answer to the page of its fields, and names the errors with the shared responses' descriptions", () => {
    const submit = section(renderApiReferencePage(doc, SITE), 'submit_listing');
    assert.match(
      submit,
      /<details class="ref-response" data-src="\/docs\/responses\/submit_listing\/202"><summary><span class="ref-status ref-ok">202<\/span> Accepted<\/summary><p><a href="\/docs\/responses\/submit_listing\/202">The fields of this answer<\/a><\/p><\/details>/,
    );
    assert.doesNotMatch(submit, /draft_id/, "the answer's fields are not in the reference itself");
    assert.match(
      submit,
      /<p class="ref-errors">Errors \(<a href="#errors">problem details<\/a>\): <span class="ref-status">400<\/span> Invalid request<\/p>/,
    );
  });

  test("an answer's page shows its fields under breadcrumbs back to the operation", () => {
    const page = renderResponsePage(doc, 'submit_listing', '202', SITE) ?? '';
    assert.match(page, /<h1>Submit a product: the 202 answer<\/h1>/);
    assert.match(page, /<a href="\/docs#op-submit_listing">Submit a product<\/a>/);
    assert.match(
      page,
      /<div class="ref-response-fields"><ul class="ref-fields"><li><code class="ref-name">draft_id<\/code> <span class="ref-type">integer<\/span><br>Poll get_draft/,
    );
    assert.equal(
      renderResponsePage(doc, 'submit_listing', '400', SITE),
      null,
      'an error answer has the shared problem page',
    );
    assert.equal(renderResponsePage(doc, 'no_such_operation', '200', SITE), null);
  });

  test('writes descriptions as paragraphs with their inline code', () => {
    const submit = section(renderApiReferencePage(doc, SITE), 'submit_listing');
    assert.match(
      submit,
      /<p>Crawls the site and drafts the listing\.<\/p>\s*<p>MCP tool: <code>submit_listing<\/code>\.<\/p>/,
    );
  });

  test('gives a curl example with the key header for scoped operations and a body of the required fields', () => {
    const submit = section(renderApiReferencePage(doc, SITE), 'submit_listing');
    const example = /<pre class="ref-example" tabindex="0"><code>([^<]*)<\/code><\/pre>/.exec(submit)?.[1] ?? '';
    assert.match(example, /^curl -X POST &#39;https:\/\/ld\.example\/api\/v1\/submissions&#39;/);
    assert.match(example, /-H &quot;Authorization: Bearer \$LAUNCHDECK_KEY&quot;/);
    assert.match(example, /&quot;url&quot;: &quot;https:\/\/example\.com&quot;/);
    assert.doesNotMatch(example, /notes/, 'optional fields are left out');
    const search = section(renderApiReferencePage(doc, SITE), 'search_listings');
    assert.doesNotMatch(search, /Authorization/, 'a public operation needs no key');
  });

  test('tells the script how to try each operation: method, full path, parameters, example body, whether a key is needed', () => {
    const submit = tags(renderApiReferencePage(doc, SITE), 'section').find((a) => /id="op-submit_listing"/.test(a))!;
    const spec = JSON.parse(
      attr(submit, 'data-try')!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    assert.deepEqual(spec, {
      method: 'POST',
      path: '/api/v1/submissions',
      params: [],
      body: JSON.stringify({ url: 'https://example.com' }, null, 2),
      auth: true,
    });
  });

  test('escapes hostile text from the document everywhere it is shown', () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(2)</script>';
    const hostile: ApiDocument = {
      openapi: '3.1.0',
      info: { title: `Evil ${evil}`, version: evil, summary: evil },
      servers: [{ url: `https://ld.example/api/v1?${evil}` }],
      tags: [{ name: `Tag ${evil}`, description: evil }],
      paths: {
        [`/x/${evil}`]: {
          get: {
            operationId: `op_${evil}`,
            tags: [`Tag ${evil}`],
            summary: evil,
            description: `${evil} \`${evil}\``,
            security: [{ oauth2: [evil] }],
            parameters: [{ name: evil, in: 'query', description: evil, schema: { type: 'string', pattern: evil } }],
          },
        },
      },
    };
    const page = renderApiReferencePage(hostile, SITE);
    assert.doesNotMatch(page, /<img src=x/);
    assert.doesNotMatch(page, /<script>alert/);
    assert.equal(scriptTags(page).length, 1, 'only our script');
    assert.match(page, /&lt;img src=x onerror=alert\(1\)&gt;&lt;script&gt;alert\(2\)&lt;\/script&gt;/);
  });
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

describeEachDatabase(
  'GET /docs and the files it loads',
  (env) => {
    test("/docs is the reference, as HTML under the site's CSP (scripts and styles from our origin only, nothing inline)", async () => {
      const res = await env().get('/docs');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.match(res.body, /<div class="ref-layout">/);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/);
      assert.match(csp, /connect-src 'self'(;|$)/, '"Try it" may only call our own origin');
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    });

    test('the page documents every operation of the registry, readable without JavaScript', async () => {
      const page = (await env().get('/docs')).body;
      for (const op of operations)
        assert.match(
          section(page, op.operationId),
          new RegExp(`<span class="api-method api-${op.method.toLowerCase()}">${op.method}</span>`),
          op.operationId,
        );
    });

    test('every script and stylesheet of the page is served from our origin with its content type and a year of caching', async () => {
      const page = (await env().get('/docs')).body;
      const urls = [
        ...scriptTags(page).map((a) => attr(a, 'src')!),
        ...tags(page, 'link')
          .filter((a) => attr(a, 'rel') === 'stylesheet')
          .map((a) => attr(a, 'href')!),
      ];
      assert.ok(urls.length >= 3, 'the site stylesheet, ours and our script');
      for (const url of urls) {
        const res = await env().get(url);
        assert.equal(res.statusCode, 200, url);
        assert.match(
          String(res.headers['content-type']),
          url.endsWith('.js') ? /^text\/javascript; charset=utf-8/ : /^text\/css; charset=utf-8/,
          url,
        );
        assert.equal(res.headers['cache-control'], IMMUTABLE, url);
      }
    });

    test('our script and stylesheet are static files under addresses carrying a hash of their content, gzipped for browsers that accept it', async () => {
      const own = (f: string) => fs.readFileSync(new URL(`../../../src/site/docs/${f}`, import.meta.url));
      assert.match(DOCS_ASSETS.script, /^\/assets\/api-reference\.[0-9a-f]{12}\.js$/);
      assert.match(DOCS_ASSETS.stylesheet, /^\/assets\/api-reference\.[0-9a-f]{12}\.css$/);
      assert.ok((await env().get(DOCS_ASSETS.script)).rawPayload.equals(own('api-reference.js')));
      assert.ok((await env().get(DOCS_ASSETS.stylesheet)).rawPayload.equals(own('api-reference.css')));
      const gz = await env().get(DOCS_ASSETS.script, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.match(String(gz.headers.vary), /Accept-Encoding/i);
      assert.ok(zlib.gunzipSync(gz.rawPayload).equals(own('api-reference.js')));
    });

    test('each success answer of the registry has a page of its fields; an unknown one is a 404', async () => {
      const res = await env().get('/docs/responses/get_listing/200');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<code class="ref-name">slug<\/code>/);
      assert.match(res.body, /<code class="ref-name">community_rating<\/code>/);
      const reference = (await env().get('/docs')).body;
      for (const href of reference.matchAll(/data-src="([^"]+)"/g))
        assert.equal((await env().get(href[1])).statusCode, 200, href[1]);
      assert.equal((await env().get('/docs/responses/get_listing/418')).statusCode, 404);
      assert.equal((await env().get('/docs/responses/nope/200')).statusCode, 404);
    });

    test('the MCP page lives beside the reference at /docs/mcp', async () => {
      const res = await env().get('/docs/mcp');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<a href="\/docs">API reference<\/a>/);
    });
  },
  { kinds: ['pglite'] },
);
