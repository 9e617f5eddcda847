import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPricingModel, extractTiers } from '../../../src/drafting/extract/pricing.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { sourcesOf, verifyQuote } from '../../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

/** The pricing model drafted from a site whose product is Acme, with its quotes (checked against the pages). */
const modelOf = (pages: Record<string, string>) => {
  const crawled = pagesFromHtml(pages);
  const site = siteView(crawled);
  const model = extractPricingModel(site, extractTiers(site), 'Acme');
  for (const e of model?.evidence ?? []) assert.ok(verifyQuote(e.quote, crawled.flatMap(sourcesOf)), e.quote);
  return { value: model?.value, quotes: model?.evidence.map((e) => e.quote) ?? [] };
};
const withPricing = (home: string, pricing: string) => ({
  '/': htmlPage('Acme', `<h1>Acme</h1>${home}`),
  '/pricing': htmlPage('Pricing', `<h1>Pricing</h1>${pricing}`),
});
const plan = (name: string, price: string) => `<h3>${name}</h3><p>${price}</p>`;

test('a free plan and monthly plans make freemium although the code is public, in five languages', () => {
  for (const [home, pricing, free, paid] of [
    [
      '<p>Acme is open source: the code is on GitHub.</p><footer><p>MIT License</p></footer>',
      plan('Free', '$0') + plan('Pro', '$12 per month'),
      /\$0/,
      /\$12 per month/,
    ],
    ['<p>Acme est open source.</p>', plan('Gratuit', '0 €') + plan('Pro', '9 €/mois'), /0 €/, /9 €\/mois/],
    ['<p>Acme ist quelloffen.</p>', plan('Kostenlos', '0 €') + plan('Pro', '9 € pro Monat'), /0 €/, /pro Monat/],
    ['<p>Acmeはオープンソースです。</p>', plan('フリープラン', '¥0') + plan('プロ', '月額980円'), /¥0/, /月額980円/],
    ['<p>Acme完全开源。</p>', plan('免费版', '¥0') + plan('专业版', '每月 99 元'), /¥0/, /每月 99 元/],
  ] as [string, string, RegExp, RegExp][]) {
    const model = modelOf(withPricing(home, pricing));
    assert.equal(model.value, 'freemium', pricing);
    assert.ok(
      model.quotes.some((q) => free.test(q)) && model.quotes.some((q) => paid.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('a free-plan sentence and a monthly price sentence make freemium', () => {
  const model = modelOf(
    withPricing('', '<p>Start on the free plan and upgrade any time.</p><p>Pro costs $12 per month per user.</p>'),
  );
  assert.equal(model.value, 'freemium');
});

test('monthly plans without a free one make a subscription, not open source and not one-time', () => {
  for (const [home, pricing, period] of [
    [
      '<p>Acme is open source under the AGPL.</p><p>Every plan includes lifetime access to your exported data.</p>',
      plan('Pro', '$9/mo') + plan('Team', '$29/mo'),
      /\/mo/,
    ],
    ['<p>Paiement unique possible pour les écoles.</p>', plan('Pro', '9 €/mois') + plan('Équipe', '29 €/mois'), /mois/],
    ['', plan('Pro', '9 € monatlich'), /monatlich/],
    ['', plan('プロ', '月額980円'), /月額/],
    ['', plan('专业版', '每月 99 元'), /每月/],
  ] as [string, string, RegExp][]) {
    const model = modelOf(withPricing(home, pricing));
    assert.equal(model.value, 'subscription', pricing);
    assert.ok(
      model.quotes.every((q) => period.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('a one-time purchase is one-time, in English, German and Japanese', () => {
  for (const [pricing, word] of [
    ['<p>Acme Pro: $49 one-time purchase</p>', /one-time/],
    [plan('Pro', '49 € einmalig'), /einmalig/],
    [plan('プロ', '4,800円（買い切り）'), /買い切り/],
  ] as [string, RegExp][]) {
    const model = modelOf(withPricing('<p>Source on GitHub, MIT licensed.</p>', pricing));
    assert.equal(model.value, 'one-time', pricing);
    assert.ok(
      model.quotes.every((q) => word.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('"no subscription" on a free tool does not make it one-time', () => {
  const model = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is completely free. No subscription, no account.</p>'),
  });
  assert.equal(model.value, 'free');
});

test('sponsorship and donation levels are not the product’s price: the project stays open source', () => {
  const sponsors = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is open source under the MIT License.</p>'),
    '/sponsor': htmlPage(
      'Sponsor Acme',
      `<h1>Sponsor Acme</h1>${plan('Individual', '$5/month')}${plan('Company', '$100/month')}<p>Sponsor us on GitHub Sponsors.</p>`,
    ),
  });
  assert.deepEqual(sponsors, { value: 'open source', quotes: [sponsors.quotes[0]] });
  assert.match(sponsors.quotes[0], /open source/);
  const collective = modelOf(
    withPricing(
      '<p>Acme est un logiciel libre.</p>',
      `<h2>Soutenir le projet</h2><p>Faites un don sur Open Collective :</p>${plan('Backer', '2 €/mois')}`,
    ),
  );
  assert.equal(collective.value, 'open source');
});

test('a licence gives open source only when no price is stated anywhere', () => {
  assert.equal(
    modelOf({ '/': htmlPage('Acme', '<h1>Acme</h1><footer><p>Licensed under the MIT License.</p></footer>') }).value,
    'open source',
  );
  assert.equal(
    modelOf(withPricing('<footer><p>Licensed under the MIT License.</p></footer>', plan('Pro', '$49'))).value,
    'paid',
  );
});

test('"free and open source" is a statement of the price: a hosted offer’s price does not change it', () => {
  const model = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is free and open source software.</p>'),
    '/hosting': htmlPage('Acme Hosting', '<h1>Hosting</h1><p>The hosted subscription costs only $15/year.</p>'),
  });
  assert.equal(model.value, 'open source');
  assert.match(model.quotes[0], /free and open source/);
});
