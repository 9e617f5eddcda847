import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteView } from '../../src/drafting/extract/site-view.js';
import { extractFoundedYear } from '../../src/drafting/extract/founded.js';
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
