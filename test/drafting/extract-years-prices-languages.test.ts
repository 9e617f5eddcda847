import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteView } from '../../src/drafting/extract/site-view.js';
import { extractFoundedYear } from '../../src/drafting/extract/founded.js';
import { extractPricingModel, extractPricingSummary, extractTiers } from '../../src/drafting/extract/pricing.js';
import { sourcesOf, verifyQuote } from '../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../support/fixture-websites.js';

const pagesOf = (pages: Record<string, string>) => pagesFromHtml(pages);
const about = (body: string) => pagesOf({ '/about': htmlPage('About', body) });
const foundedIn = (body: string) => extractFoundedYear(siteView(about(body)));

// ── founding year ──

test('a founding year stated in Japanese, Chinese, Korean, French, German or Spanish is read, quoted on the page', () => {
  const cases: [string, string][] = [
    ['<p>株式会社アクメは2004年設立のソフトウェア会社です。</p>', '2004'],
    ['<p>2011年4月に創業しました。</p>', '2011'],
    ['<p>設立：2004年</p>', '2004'],
    ['<p>公司成立于2016年，总部位于深圳。</p>', '2016'],
    ['<p>创立于2009年</p>', '2009'],
    ['<p>公司成立于 2016，总部位于深圳。</p>', '2016'],
    ['<p>設立：2004</p>', '2004'],
    ['<p>아크미는 2015년 설립된 스타트업입니다.</p>', '2015'],
    ['<p>설립 2012년</p>', '2012'],
    ['<p>Acme a été fondée en 2014 à Lyon.</p>', '2014'],
    ['<p>Fondée par deux ingénieurs à Nantes en 2017, Acme aide les PME.</p>', '2017'],
    ['<p>Die Acme GmbH wurde 2013 in Berlin gegründet.</p>', '2013'],
    ['<p>Gegründet 2010 in Hamburg.</p>', '2010'],
    ['<p>Acme fue fundada en 2018 en Madrid.</p>', '2018'],
    ['<p>A Acme foi fundada em 2019 em São Paulo.</p>', '2019'],
    ['<p>Acme è stata fondata nel 2008 a Milano.</p>', '2008'],
  ];
  for (const [body, year] of cases) {
    const pages = about(body);
    const founded = extractFoundedYear(siteView(pages));
    assert.equal(founded?.value, year, body);
    for (const e of founded!.evidence) assert.ok(verifyQuote(e.quote, pages.flatMap(sourcesOf)), e.quote);
  }
});

test('a company-profile row (設立 | 2004年4月1日, Gründung | 2014) gives its year', () => {
  for (const [label, value, year] of [
    ['設立', '2004年4月1日', '2004'],
    ['成立时间', '2016年', '2016'],
    ['설립일', '2012년 3월', '2012'],
    ['Gründung', '2014', '2014'],
    ['Année de création', '2011', '2011'],
  ]) {
    assert.equal(
      foundedIn(`<table><tr><th>${label}</th><td>${value}</td></tr></table>`)?.value,
      year,
      `${label} ${value}`,
    );
  }
});

test('"Since 2014", "Depuis 2014", "Seit 2014", "Desde 2014" and "Dal 2014" alone on a line, or with a word for being in business, give the year', () => {
  for (const [body, year] of [
    ['<p>Since 2014</p>', '2014'],
    ['<p>Depuis 2012</p>', '2012'],
    ['<p>Seit 2009</p>', '2009'],
    ['<p>Desde 2015</p>', '2015'],
    ['<p>Dal 2007</p>', '2007'],
    ['<p>Acme existe depuis 2011 et compte 40 clients.</p>', '2011'],
    ['<p>Acme ist seit 2016 am Markt.</p>', '2016'],
    ['<p>Operando desde 2013 en toda España.</p>', '2013'],
  ]) {
    assert.equal(foundedIn(body)?.value, year, body);
  }
});

test('no founding year from a copyright line, in any language', () => {
  for (const body of [
    '<p>© 2014 Acme Inc. All rights reserved.</p>',
    '<p>Copyright 2015 株式会社アクメ 無断転載を禁じます</p>',
    '<p>版权所有 © 2016 阿克米公司</p>',
    '<p>Copyright © 2017 아크미. 저작권 보호.</p>',
    '<p>© 2018 Acme SAS. Tous droits réservés.</p>',
    '<p>© 2019 Acme GmbH. Alle Rechte vorbehalten.</p>',
    '<p>© 2020 Acme S.L. Todos los derechos reservados.</p>',
    '<p>Copyright 2013–2025 Acme, since 2013</p>',
  ]) {
    assert.equal(foundedIn(body), undefined, body);
  }
});

test('no founding year from an event or a release: "since late 2024", "since 2014 we have shipped", "seit Version 2.0"', () => {
  for (const body of [
    '<p>We have been rewriting the renderer since late 2024.</p>',
    '<p>Since 2014 we have shipped 40 releases.</p>',
    '<p>Depuis 2020, la synchronisation est chiffrée.</p>',
    '<p>Seit Version 2.0 und seit 2021 unterstützt Acme Markdown.</p>',
    '<p>Desde 2022 la aplicación funciona sin conexión.</p>',
    '<p>2024年4月にバージョン2.0をリリースしました。</p>',
    '<p>Seit 2014 helfen wir Teams, die Startups gegründet haben.</p>',
    '<p>Un outil fondé sur des standards ouverts, publié en 2019.</p>',
  ]) {
    assert.equal(foundedIn(body), undefined, body);
  }
});

test('a founding year in the future or before 1800 is not a founding year', () => {
  const next = new Date().getUTCFullYear() + 1;
  for (const body of [
    `<p>Founded in ${next}.</p>`,
    `<p>${next}年設立</p>`,
    `<p>Gegründet ${next}</p>`,
    '<p>Fondée en 1750.</p>',
    '<p>1750年創業</p>',
  ]) {
    assert.equal(foundedIn(body), undefined, body);
  }
});

// ── prices and pricing models ──

const pricing = (body: string) => siteView(pagesOf({ '/pricing': htmlPage('Pricing', body) }));
const modelOf = (body: string, path = '/pricing') => {
  const s = siteView(pagesOf({ [path]: htmlPage('Acme', body) }));
  return extractPricingModel(s, extractTiers(s))?.value;
};

test('prices in local formats (¥500/月, 500円/月, 99元/月, 9,900원/월, 9,99 €/mois, 9,99 € pro Monat, R$ 29/mês) are plans billed per month', () => {
  for (const price of [
    '¥500/月',
    '500円/月',
    '月額980円',
    '￥99/月',
    '99元/月',
    '9,900원/월',
    '9,99 €/mois',
    '9,99 € par mois',
    '9,99 € pro Monat',
    '19 €/Monat',
    '12 € al mes',
    'R$ 29/mês',
    '15 € al mese',
  ]) {
    const tiers = extractTiers(pricing(`<h2>Plans</h2><h3>Pro</h3><p>${price}</p>`));
    assert.equal(tiers[0]?.price, price, price);
    assert.equal(tiers[0].recurring, true, price);
    assert.equal(extractPricingSummary(tiers)?.value, `Pro ${price}`, price);
  }
});

test('a number before a Korean word that starts with 원 is not a price (3원칙, "three principles")', () => {
  assert.deepEqual(extractTiers(pricing('<h2>요금</h2><h3>Pro</h3><p>3원칙을 지킵니다</p>')), []);
});

test('a free plan next to a paid plan is freemium, in Japanese and French', () => {
  for (const body of [
    '<h3>無料プラン</h3><p>¥0</p><h3>プロ</h3><p>¥980/月</p>',
    '<p>無料プランでずっと使えます。</p><h3>プロ</h3><p>月額980円</p>',
    '<h3>Gratuit</h3><p>0 €</p><h3>Pro</h3><p>9,99 €/mois</p>',
    '<p>Un plan gratuit pour toujours, sans carte bancaire.</p><h3>Équipe</h3><p>29 € par mois</p>',
  ]) {
    assert.equal(modelOf(body), 'freemium', body);
  }
});

test('a plan billed per month is a subscription, in German and Chinese', () => {
  for (const body of [
    '<h3>Team</h3><p>9,99 € pro Monat</p>',
    '<p>Das Abo ist monatlich kündbar.</p>',
    '<h3>专业版</h3><p>99元/月</p>',
    '<p>按月订阅，随时取消。</p>',
  ]) {
    assert.equal(modelOf(body), 'subscription', body);
  }
});

test('a one-time purchase is one-time, in Japanese (買い切り) and Spanish (pago único)', () => {
  for (const body of [
    '<h3>スタンダード</h3><p>3,000円（買い切り）</p>',
    '<p>買い切り型のアプリです。サブスクリプションはありません。</p>',
    '<p>Un pago único de 29 €, sin suscripción.</p>',
    '<h3>Licencia</h3><p>29 € pago único</p>',
  ]) {
    assert.equal(modelOf(body), 'one-time', body);
  }
});

test('a product said to be free is free, and one said to be open source is open source, in several languages', () => {
  for (const [body, model] of [
    ['<p>Acmeは完全無料で使えます。</p>', 'free'],
    ['<p>Acme est entièrement gratuit.</p>', 'free'],
    ['<p>Acme ist kostenlos.</p>', 'free'],
    ['<p>Acme 是开源的，代码托管在 GitHub 上。</p>', 'open source'],
    ['<p>Acme est un logiciel open source.</p>', 'open source'],
    ['<p>Acmeはオープンソースです。</p>', 'open source'],
  ]) {
    assert.equal(modelOf(body, '/'), model, body);
  }
});

test('a free trial or a newsletter subscription box says nothing about the pricing model', () => {
  for (const body of ['<p>Essai gratuit de 14 jours.</p>', '<p>Kostenlos testen</p>', '<p>無料体験はこちら</p>']) {
    assert.equal(modelOf(body, '/'), undefined, body);
  }
});
