import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { describeEachDatabase } from '../../support/app.js';
import { renderApiReferencePage, type ApiDocument } from '../../../src/site/docs/api-reference-page.js';
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
        security: [{ bearerAuth: [] }, { oauth2: ['listings:write'] }],
      },
    },
    '/listings': {
      get: {
        operationId: 'search_listings',
        tags: ['Listings'],
        summary: 'Search listings',
        security: [{}, { bearerAuth: [] }, { oauth2: [] }],
      },
      parameters: [{ name: 'not-an-operation' }],
    },
  },
};

/** Every element of a kind with its attributes, as the browser would see them (good enough for our own markup). */
const tags = (page: string, name: string) =>
  [...page.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => m[1]);
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
const noscript = (page: string) => /<noscript>([\s\S]*?)<\/noscript>/.exec(page)?.[1] ?? '';

describe('the /docs page', () => {
  test('is a page of the site: its header, navigation and footer around the reference', () => {
    const page = renderApiReferencePage(doc, SITE);
    assert.match(page, /<header class="top">/);
    assert.match(page, /<nav aria-label="Main">/);
    assert.match(page, /<footer class="site">/);
    assert.match(
      page,
      /<main id="main">[\s\S]*<div id="swagger-ui"[\s\S]*<\/main>/,
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
    const intro = page.slice(page.indexOf('<h1>'), page.indexOf('id="swagger-ui"'));
    assert.match(intro, /<dt>Base URL<\/dt><dd><code>https:\/\/ld\.example\/api\/v1<\/code>/);
    assert.match(intro, /Authorization: Bearer &lt;API key or OAuth token&gt;/);
    assert.match(intro, /<strong>Authorize<\/strong>/, 'it says how to try operations as yourself');
    assert.match(intro, /problem\+json/);
    assert.match(intro, /<a href="\/api\/v1\/openapi\.json">/);
    assert.match(intro, /<a href="\/docs\/mcp">/);
    assert.match(intro, /https:\/\/ld\.example\/mcp/);
    assert.match(
      page,
      /<link rel="alternate" type="application\/vnd\.oai\.openapi\+json" href="\/api\/v1\/openapi\.json"/,
    );
  });

  test('loads Swagger UI and its own files from our origin only, with no inline script or style', () => {
    const page = renderApiReferencePage(doc, SITE);
    const scripts = tags(page, 'script');
    assert.deepEqual(
      scripts.map((a) => attr(a, 'src')),
      [DOCS_ASSETS.swaggerScript, DOCS_ASSETS.script],
      'the bundle, then the initialiser',
    );
    assert.ok(
      scripts.every((a) => / defer\b/.test(a)),
      'scripts wait for the page',
    );
    assert.doesNotMatch(page, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const stylesheets = tags(page, 'link')
      .filter((a) => attr(a, 'rel') === 'stylesheet')
      .map((a) => attr(a, 'href')!);
    assert.ok(stylesheets.includes(DOCS_ASSETS.swaggerStylesheet) && stylesheets.includes(DOCS_ASSETS.stylesheet));
    assert.ok(
      stylesheets.indexOf(DOCS_ASSETS.stylesheet) > stylesheets.indexOf(DOCS_ASSETS.swaggerStylesheet),
      "our fixes come after Swagger UI's styles",
    );
    for (const url of [...scripts.map((a) => attr(a, 'src')!), ...stylesheets])
      assert.match(url, /^\/assets\//, `${url} is one of our own files`);
    assert.doesNotMatch(page, /<style\b|\sstyle="/, 'no inline style');
    assert.doesNotMatch(page, /unpkg|jsdelivr|cdnjs|petstore/);
  });

  test('tells the initialiser where the OpenAPI document is and which base URL it documents', () => {
    const container = tags(renderApiReferencePage(doc, SITE), 'div').find((a) => attr(a, 'id') === 'swagger-ui')!;
    assert.equal(attr(container, 'data-openapi-url'), '/api/v1/openapi.json');
    assert.equal(attr(container, 'data-api-base'), 'https://ld.example/api/v1');
  });

  test("without JavaScript lists every operation with its method, full path, summary, operation ID and scope, grouped by tag in the document's order", () => {
    const list = noscript(renderApiReferencePage(doc, SITE));
    assert.match(list, /<a href="\/api\/v1\/openapi\.json">/, 'it points to the full document');
    assert.ok(list.indexOf('<h3>Listings</h3>') < list.indexOf('<h3>Submit</h3>'));
    assert.match(
      list,
      /<li id="op-search_listings"><span class="api-method">GET<\/span> <code>\/api\/v1\/listings<\/code> Search listings\s*<span class="muted small"><code>search_listings<\/code> · public<\/span><\/li>/,
    );
    assert.match(
      list,
      /<li id="op-submit_listing"><span class="api-method">POST<\/span> <code>\/api\/v1\/submissions<\/code> Submit a product\s*<span class="muted small"><code>submit_listing<\/code> · scope <code>listings:write<\/code><\/span><\/li>/,
    );
    assert.doesNotMatch(list, /not-an-operation/, 'path-level parameters are not operations');
  });

  test('escapes hostile text from the document everywhere it is shown', () => {
    const evil = '"><img src=x onerror=alert(1)></noscript><script>alert(2)</script>';
    const hostile: ApiDocument = {
      openapi: '3.1.0',
      info: { title: `Evil ${evil}`, version: evil, summary: evil },
      servers: [{ url: `https://ld.example/api/v1?${evil}` }],
      tags: [{ name: `Tag ${evil}`, description: evil }],
      paths: {
        [`/x/${evil}`]: {
          get: { operationId: `op_${evil}`, tags: [`Tag ${evil}`], summary: evil, security: [{ oauth2: [evil] }] },
        },
      },
    };
    const page = renderApiReferencePage(hostile, SITE);
    assert.doesNotMatch(page, /<img src=x/);
    assert.doesNotMatch(page, /<script>alert/);
    assert.equal(page.match(/<\/noscript>/g)?.length, 1, 'nothing closes the no-script list early');
    assert.equal(tags(page, 'script').length, 2, 'only our two scripts');
    assert.match(
      noscript(page),
      /&lt;img src=x onerror=alert\(1\)&gt;&lt;\/noscript&gt;&lt;script&gt;alert\(2\)&lt;\/script&gt;/,
    );
    assert.match(page, /data-api-base="https:\/\/ld\.example\/api\/v1\?&quot;&gt;&lt;img/);
  });
});

const swaggerDir = (file: string) => createRequire(import.meta.url).resolve(`swagger-ui-dist/${file}`);
const IMMUTABLE = 'public, max-age=31536000, immutable';

describeEachDatabase(
  'GET /docs and the files it loads',
  (env) => {
    test("/docs is the interactive reference, as HTML under the site's CSP (scripts and styles from our origin only, nothing inline)", async () => {
      const res = await env().get('/docs');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
      assert.match(res.body, /<div id="swagger-ui"/);
      const csp = String(res.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.match(csp, /style-src 'self'(;|$)/);
      assert.match(csp, /connect-src 'self'(;|$)/, '"Try it out" may only call our own origin');
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    });

    test('without JavaScript the page lists every operation of the registry', async () => {
      const list = noscript((await env().get('/docs')).body);
      for (const op of operations)
        assert.match(
          list,
          new RegExp(`<li id="op-${op.operationId}"><span class="api-method">${op.method}</span> <code>/api/v1`),
          op.operationId,
        );
    });

    test('every script and stylesheet of the page is served from our origin with its content type and a year of caching', async () => {
      const page = (await env().get('/docs')).body;
      const urls = [
        ...tags(page, 'script').map((a) => attr(a, 'src')!),
        ...tags(page, 'link')
          .filter((a) => attr(a, 'rel') === 'stylesheet')
          .map((a) => attr(a, 'href')!),
      ];
      assert.ok(urls.length >= 5, "site stylesheet, Swagger UI's script and stylesheet, ours");
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

    test("Swagger UI's files are the swagger-ui-dist package's, under an address naming its version", async () => {
      const version = JSON.parse(fs.readFileSync(swaggerDir('package.json'), 'utf8')).version;
      assert.equal(DOCS_ASSETS.swaggerScript, `/assets/swagger-ui-dist/${version}/swagger-ui-bundle.js`);
      assert.equal(DOCS_ASSETS.swaggerStylesheet, `/assets/swagger-ui-dist/${version}/swagger-ui.css`);
      assert.ok(
        (await env().get(DOCS_ASSETS.swaggerScript)).rawPayload.equals(
          fs.readFileSync(swaggerDir('swagger-ui-bundle.js')),
        ),
      );
      assert.ok(
        (await env().get(DOCS_ASSETS.swaggerStylesheet)).rawPayload.equals(
          fs.readFileSync(swaggerDir('swagger-ui.css')),
        ),
      );
      // swagger-ui.css names its source map; it is there too.
      const map = await env().get(`/assets/swagger-ui-dist/${version}/swagger-ui.css.map`);
      assert.equal(map.statusCode, 200);
      assert.match(String(map.headers['content-type']), /^application\/json/);
    });

    test('our initialiser and stylesheet are static files under addresses carrying a hash of their content', async () => {
      const own = (f: string) => fs.readFileSync(new URL(`../../../src/site/docs/${f}`, import.meta.url));
      assert.match(DOCS_ASSETS.script, /^\/assets\/api-reference\.[0-9a-f]{12}\.js$/);
      assert.match(DOCS_ASSETS.stylesheet, /^\/assets\/api-reference\.[0-9a-f]{12}\.css$/);
      assert.ok((await env().get(DOCS_ASSETS.script)).rawPayload.equals(own('api-reference.js')));
      assert.ok((await env().get(DOCS_ASSETS.stylesheet)).rawPayload.equals(own('api-reference.css')));
    });

    test('a browser that accepts gzip gets the 1.7 MB bundle compressed, and the same bytes once unpacked', async () => {
      const plain = await env().get(DOCS_ASSETS.swaggerScript);
      const gz = await env().get(DOCS_ASSETS.swaggerScript, { 'accept-encoding': 'gzip, deflate, br' });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.match(String(gz.headers.vary), /Accept-Encoding/i);
      assert.ok(
        gz.rawPayload.length < plain.rawPayload.length / 2,
        `${gz.rawPayload.length} bytes compressed of ${plain.rawPayload.length}`,
      );
      assert.ok(zlib.gunzipSync(gz.rawPayload).equals(plain.rawPayload));
      assert.equal(plain.headers['content-encoding'], undefined);
    });

    test('an address of an older version or another file of the package is not served', async () => {
      assert.equal((await env().get('/assets/swagger-ui-dist/0.0.1/swagger-ui-bundle.js')).statusCode, 404);
      assert.equal(
        (await env().get(DOCS_ASSETS.swaggerScript.replace('swagger-ui-bundle.js', 'index.html'))).statusCode,
        404,
      );
      assert.equal(
        (await env().get(DOCS_ASSETS.swaggerScript.replace('swagger-ui-bundle.js', '..%2fpackage.json'))).statusCode,
        404,
      );
    });

    test('the MCP page lives beside the reference at /docs/mcp', async () => {
      const res = await env().get('/docs/mcp');
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<a href="\/docs">API reference<\/a>/);
    });
  },
  { kinds: ['pglite'] },
);
