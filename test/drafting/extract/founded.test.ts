import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFoundedYear } from '../../../src/drafting/extract/founded.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { sourcesOf, verifyQuote } from '../../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

/** The founding year drafted from an about page, its quotes checked against the page. */
const yearOf = (body: string) => {
  const pages = pagesFromHtml({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/about': htmlPage('About', body) });
  const founded = extractFoundedYear(siteView(pages), 'Acme');
  for (const e of founded?.evidence ?? []) assert.ok(verifyQuote(e.quote, pages.flatMap(sourcesOf)), e.quote);
  return founded;
};

test('no year from a copyright line or range, in English, French, German, Spanish, Japanese or Chinese', () => {
  for (const body of [
    '<footer><p>© 2014–2024 Acme Inc. All rights reserved.</p></footer>',
    '<p>Copyright 2019 Acme Ltd. Founded by two engineers.</p>',
    '<p>© 2014-2024 Acme SAS. Tous droits réservés.</p>',
    '<p>© 2016–2024 Acme GmbH. Alle Rechte vorbehalten.</p>',
    '<p>© 2015-2024 Acme S.L. Todos los derechos reservados.</p>',
    '<p>© 2014-2024 株式会社アクメ 無断転載を禁じます</p>',
    '<p>版权所有 © 2012-2024 阿克米公司</p>',
  ])
    assert.equal(yearOf(body), undefined, body);
});

test('no year from an event: "since late 2024", a release, a version', () => {
  for (const body of [
    '<p>We have been in public beta since late 2024.</p>',
    '<p>Acme was started as a side project and since the v2 release in 2021 it pays our bills.</p>',
    '<p>Online since the 2.0 release in 2021.</p>',
    '<p>Acme, fondée par deux amis, est stable depuis la version 3 en 2020.</p>',
    '<p>Depuis fin 2024, Acme est en bêta publique.</p>',
    '<p>Seit Ende 2024 ist Acme in der öffentlichen Beta.</p>',
    '<p>Gegründet von zwei Freunden, seit Version 2 im Jahr 2019 stabil.</p>',
    '<p>Acme fue fundada por dos amigos y desde la versión 2 en 2021 no para de crecer.</p>',
    '<p>2021年にバージョン2.0をリリースしました。</p>',
    '<p>2019年よりサービスの提供を開始しました。</p>',
    '<p>自2020年发布3.0版以来，用户增长了十倍。</p>',
  ])
    assert.equal(yearOf(body), undefined, body);
});

test('a founding statement gives its year, in English, French, German, Spanish, Japanese and Chinese', () => {
  for (const [body, year] of [
    ['<p>Acme was founded in 2014 by two engineers in Lisbon.</p>', '2014'],
    ['<p>Established 2009.</p>', '2009'],
    ['<p>Acme a été fondée en 2016 à Nantes.</p>', '2016'],
    ['<p>Die Acme GmbH wurde 2012 in Köln gegründet.</p>', '2012'],
    ['<p>Acme fue fundada en 2018 en Sevilla.</p>', '2018'],
    ['<p>株式会社アクメは2004年設立のソフトウェア会社です。</p>', '2004'],
    ['<p>公司成立于2016年，总部位于深圳。</p>', '2016'],
  ]) {
    const founded = yearOf(body);
    assert.equal(founded?.value, year, body);
    assert.ok(founded!.evidence[0].quote.includes(year), founded!.evidence[0].quote);
  }
});

test('a founding next to a copyright line on the same page still gives the founding year', () => {
  const founded = yearOf('<p>Acme was founded in 2011.</p><footer><p>© 2011–2024 Acme Inc.</p></footer>');
  assert.equal(founded?.value, '2011');
  assert.ok(founded!.evidence.every((e) => !e.quote.includes('©')));
});

test('the product’s birth gives its year, in Italian, French, Spanish, Japanese and Chinese; a person’s birth does not', () => {
  for (const [body, year] of [
    ['<p>Acme cresce giorno dopo giorno: nata nel 2018, oggi la usano in tanti.</p>', '2018'],
    ['<p>Acme est né en 2014 dans un garage.</p>', '2014'],
    ['<p>Acme nació en 2016 como un proyecto personal.</p>', '2016'],
    ['<p>Acmeは2004年にnakamuxuによって生み出されました。</p>', '2004'],
    ['<p>Acme 诞生于2015年。</p>', '2015'],
  ]) {
    const founded = yearOf(body);
    assert.equal(founded?.value, year, body);
    assert.ok(founded!.evidence[0].quote.includes(year), founded!.evidence[0].quote);
  }
  for (const body of [
    '<p>Marco Rossi, nato nel 1985 a Torino, guida il team.</p>',
    '<p>Jane was born in 1988 in Lisbon.</p>',
    '<p>1985年生まれ。東京在住のエンジニア。</p>',
  ])
    assert.equal(yearOf(body), undefined, body);
});

test('running the named business since a year gives the founding year; experience in a field since a year does not', () => {
  for (const body of [
    '<p>Analizy wykonujemy od 2012 roku, a działalność Acme prowadzimy od 2016 roku.</p>',
    '<p>We have done analyses since 2012, and we have run Acme since 2016.</p>',
    '<p>Seit 2012 beraten wir Kunden; Acme betreiben wir seit 2016.</p>',
  ])
    assert.equal(yearOf(body)?.value, '2016', body);
  for (const body of [
    '<p>Analizy statystyczne wykonujemy od 2012 roku.</p>',
    '<p>We have run statistics workshops since 2012.</p>',
  ])
    assert.equal(yearOf(body), undefined, body);
});

test('"since" a year with the product named right after it, and founding words in Dutch, Swedish, Polish and Turkish', () => {
  for (const body of [
    '<p>Since 2014, Acme has helped 3,000 teams ship faster.</p>',
    '<p>Depuis 2014, Acme accompagne les PME.</p>',
    '<p>Desde 2014, Acme ayuda a miles de equipos.</p>',
    '<p>Acme werd in 2014 opgericht.</p>',
    '<p>Acme grundades 2014.</p>',
    '<p>Acme powstał w 2014 roku.</p>',
    '<p>Acme 2014 yılında kuruldu.</p>',
  ])
    assert.equal(yearOf(body)?.value, '2014', body);
  for (const body of [
    '<p>Since 2014 we have shipped 40 releases.</p>',
    '<p>Since late 2024, Acme supports passkeys.</p>',
    '<p>Depuis 2014, nos clients nous font confiance.</p>',
  ])
    assert.equal(yearOf(body), undefined, body);
});

test('a foundingDate only the structured data declares, written on no page, is no founding year, in Dutch and English', () => {
  for (const [text, written] of [
    ['<p>Gebouwd door een restauranthouder, voor restauranthouders.</p>', false],
    ['<p>Built by a restaurant owner, for restaurant owners. Founded in 2024.</p>', true],
  ] as [string, boolean][]) {
    const ld =
      '<script type="application/ld+json">{"@type":"Organization","name":"Acme","foundingDate":"2024"}</script>';
    const pages = pagesFromHtml({ '/': htmlPage('Acme', `<h1>Acme</h1>${text}`, ld) });
    assert.equal(extractFoundedYear(siteView(pages), 'Acme')?.value, written ? '2024' : undefined, text);
  }
});

test('“was originally created in 2012” states the founding, in English, beside the same in French', () => {
  for (const body of [
    '<p>Acme was originally created and maintained by Tommy Chen in 2012.</p>',
    '<p>Acme a été fondée en 2012 par Tommy Chen.</p>',
  ])
    assert.equal(yearOf(body)?.value, '2012', body);
});

test('founding statements in Russian, Czech, Danish, Finnish, Vietnamese and Hungarian give the year', () => {
  for (const body of [
    '<p>Компания Acme основана в 2015 году в Москве.</p>',
    '<p>Společnost Acme byla založena v roce 2015 v Brně.</p>',
    '<p>Acme blev grundlagt i 2015 i København.</p>',
    '<p>Acme on perustettu vuonna 2015 Helsingissä.</p>',
    '<p>Acme được thành lập năm 2015 tại Hà Nội.</p>',
    '<p>Az Acme-t 2015-ben alapították Budapesten.</p>',
  ])
    assert.equal(yearOf(body)?.value, '2015', body);
});

test('a company-profile row labelled in Russian or Vietnamese gives the year, a copyright row does not', () => {
  for (const [label, value, year] of [
    ['Год основания', '2015', '2015'],
    ['Năm thành lập', '2015', '2015'],
    ['Bản quyền', '© 2015', undefined],
  ])
    assert.equal(yearOf(`<dl><dt>${label}</dt><dd>${value}</dd></dl>`)?.value, year, label);
});

test('a founding in Indonesian and Romanian gives the year: "didirikan pada tahun", "fondată în", "înființată în"', () => {
  for (const [body, year] of [
    ['<p>Acme didirikan pada tahun 2016 di Bandung.</p>', '2016'],
    ['<p>Acme a fost fondată în 2015 la Cluj.</p>', '2015'],
    ['<p>Compania a fost înființată în anul 2012.</p>', '2012'],
  ])
    assert.equal(yearOf(body)?.value, year, body);
});

test('a company-profile row labelled in Dutch, Swedish or Indonesian gives the year; a badge "Sinds 2014", "Od 2014", "Sejak 2014" too', () => {
  for (const [label, value] of [
    ['Opgericht', '2014'],
    ['Grundår', '2014'],
    ['Tahun berdiri', '2014'],
  ])
    assert.equal(yearOf(`<dl><dt>${label}</dt><dd>${value}</dd></dl>`)?.value, '2014', label);
  for (const badge of ['Sinds 2014', 'Od 2014', 'Sejak 2014', 'Din 2014', 'Sedan 2014'])
    assert.equal(yearOf(`<p>${badge}</p>`)?.value, '2014', badge);
});
