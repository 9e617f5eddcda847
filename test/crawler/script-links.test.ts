import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { crawlSite } from '../../src/crawler/crawl-site.js';
import { scriptPaths } from '../../src/crawler/script-links.js';
import { startFixtureSite } from '../support/fixture-site.js';

const opts = { publicUrl: 'http://launchdeck.test', allowHosts: ['127.0.0.1'] };
const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="it"><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

test('page addresses in markup strings, router tables, JSON and route manifests are found, same site only', () => {
  const js = `
    header.innerHTML = \`<nav><a href="./domande-frequenti.html">Domande</a><a href='/chi-siamo'>Chi siamo</a></nav>\`;
    const routes = [{ path: '/料金', component: Pricing }, { path: "/user/:id" }, { path: '/blog/[slug]' }];
    const data = {"url":"https://example.com/contatti","logo":"/assets/logo.png","api":"/api/items"};
    self.__BUILD_MANIFEST = {"/pricing":["static/chunks/p.js"],"/_app":[]};
    link.href = "https://elsewhere.example/about"; a.href = \`/\${slug}\`;`;
  assert.deepEqual(scriptPaths(js, 'https://example.com/'), [
    'https://example.com/domande-frequenti.html',
    'https://example.com/chi-siamo',
    `https://example.com/${encodeURI('料金')}`,
    'https://example.com/contatti',
    'https://example.com/pricing',
  ]);
});

const injected = await startFixtureSite({
  '/': {
    body: page(
      'Acme — licenze usate',
      '<div id="site-header"></div><main><h1>Stesso software, meno costi</h1><p>Licenze per imprese.</p></main>',
      '<script src="./assets/app.js" defer></script><script src="https://cdn.example/jquery.js"></script>' +
        '<script id="__NEXT_DATA__" type="application/json">{"page":"/chi-siamo","query":{}}</script>',
    ),
  },
  '/assets/app.js': {
    type: 'text/javascript',
    body: 'document.getElementById("site-header").innerHTML=`<a href="./faq.html">FAQ</a><a href="./contatti.html">Contatti</a>`;',
  },
  '/faq.html': { body: page('FAQ', '<h3>Come ricevo la chiave?</h3><p>Per e-mail.</p>') },
  '/contatti.html': { body: page('Contatti', '<p>info@acme.example</p>') },
  '/chi-siamo': { body: page('Chi siamo', '<p>Fondata a Milano.</p>') },
});
after(() => injected.close());

test("pages linked only from a header the site's own script injects are read, after the visible links", async () => {
  const r = await crawlSite(`${injected.origin}/`, opts);
  assert.deepEqual(
    r.pages.map((p) => `${p.kind} ${new URL(p.url).pathname}`),
    ['homepage /', 'about /chi-siamo', 'faq /faq.html', 'contact /contatti.html'],
  );
  assert.ok(
    injected.requests.some((q) => q.path === '/assets/app.js'),
    'the first-party script is read',
  );
});
