import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFeatures } from '../../../src/drafting/extract/features.js';
import { allFaqs } from '../../../src/drafting/extract/faqs.js';
import { extractPricingModel, extractTiers } from '../../../src/drafting/extract/pricing.js';
import { isBoilerplate, siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const nav =
  '<header><nav><a href="/">Acme</a><a href="/features">Features</a><a href="/pricing">Pricing</a></nav></header>';

test('a line above the navigation that every page repeats is an announcement bar, not the product speaking', () => {
  for (const bar of [
    'Spring sale: Acme is free for life until May 31!',
    '春季活动：5 月 31 日前签约，即可享 Acme 终身免费。',
  ]) {
    const page = (title: string, body: string) =>
      htmlPage(title, `<div class="campaign">${bar}</div>${nav}<main>${body}</main>`);
    const site = siteView(
      pagesFromHtml({
        '/': page('Acme', '<h1>Acme</h1><p>Notes for teams.</p>'),
        '/pricing': page(
          'Pricing',
          '<h1>Pricing</h1><h3>Pro</h3><p>$12 per month</p><h3>Team</h3><p>$29 per month</p>',
        ),
      }),
    );
    assert.ok(
      site.pages.every((p) => isBoilerplate(p.blocks[0])),
      bar,
    );
    assert.equal(extractPricingModel(site, extractTiers(site), 'Acme', allFaqs(site))?.value, 'subscription', bar);
  }
  // Said once, on one page, the same line is the page's own.
  const once = siteView(
    pagesFromHtml({ '/': htmlPage('Acme', `<div>Acme is free for everyone.</div>${nav}<h1>Acme</h1>`) }),
  );
  assert.equal(isBoilerplate(once.pages[0].blocks[0]), false);
});

test('consent managers and top bars are boilerplate whatever vendor names them, in English and Portuguese', () => {
  for (const banner of [
    '<div id="onetrust-banner-sdk"><p>We use cookies to give you a free, personal experience. Accept all?</p></div>',
    '<div class="consent-banner"><p>Usamos cookies para oferecer uma experiência gratuita e melhor.</p></div>',
    '<div class="gdpr-notice"><p>Wir verwenden Cookies, damit die Seite kostenlos bleibt.</p></div>',
    '<div class="topbar"><p>A Globex project, sponsored with love.</p></div>',
  ]) {
    const site = siteView(pagesFromHtml({ '/': htmlPage('Acme', `${banner}<h1>Acme</h1><p>Notes for teams.</p>`) }));
    assert.ok(isBoilerplate(site.pages[0].blocks[0]), banner);
    assert.equal(extractPricingModel(site, extractTiers(site), 'Acme', allFaqs(site)), undefined, banner);
  }
});

test('navigation labels and footer link lists give no features, in English and Spanish', () => {
  for (const [labels, footer] of [
    [
      ['Features', 'Pricing', 'FAQ', 'Blog'],
      ['Privacy policy', 'Terms of service', 'Imprint'],
    ],
    [
      ['Funciones', 'Precios', 'Preguntas', 'Blog'],
      ['Política de privacidad', 'Términos', 'Aviso legal'],
    ],
  ]) {
    const body =
      `<header><nav><ul>${labels.map((l) => `<li><a href="/${l}">${l}</a></li>`).join('')}</ul></nav></header>` +
      `<h1>Acme</h1><p>Notes for teams.</p><footer><ul>${footer.map((l) => `<li><a href="/x">${l}</a></li>`).join('')}</ul></footer>`;
    assert.equal(extractFeatures(siteView(pagesFromHtml({ '/': htmlPage('Acme', body) }))), undefined, labels[0]);
  }
});

test('a content column a theme calls “sidebar” holds the page’s own words when the page’s heading is in it, in Vietnamese and English', () => {
  for (const [heading, line] of [
    ['Gói Tài Khoản Nền Tảng IoT', 'Kết nối thiết bị và xây dựng dự án IoT với gói tính năng cơ bản.'],
    ['IoT platform plans', 'Connect devices and build IoT projects with the basic feature plan.'],
  ]) {
    const body = `<div class="sidebar-content fullwidth"><h1>${heading}</h1><p>${line}</p></div><aside class="sidebar"><ul><li>Archives</li></ul></aside>`;
    const [page] = siteView(pagesFromHtml({ '/': htmlPage('Acme', body) })).pages;
    assert.equal(isBoilerplate(page.blocks.find((b) => b.text === line)!), false, line);
  }
  // A real sidebar beside the content stays a sidebar.
  const body =
    '<main><h1>Acme</h1><p>Our product.</p></main><aside class="sidebar"><p>Recent posts and archives.</p></aside>';
  const [page] = siteView(pagesFromHtml({ '/': htmlPage('Acme', body) })).pages;
  assert.equal(isBoilerplate(page.blocks.find((b) => b.text.startsWith('Recent'))!), true);
});
